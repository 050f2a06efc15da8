import { AtAGlance } from "../components/at-a-glance";
import { CallPanel } from "../components/call-panel";
import { ReviewedBy } from "../components/attorney-card";
import { PageBody, PageHeader, Prose, RelatedLinks } from "../components/page";
import { TableOfContents } from "../components/table-of-contents";
import { useMessages } from "../lib/locale";
import { pageMeta } from "../lib/page-types";
import type { Route } from "./+types/practice";
import { pageContext, pageView } from "../content/page-data.server";
import { organizationId, type JsonLd } from "../../core/seo";

export function loader({ request }: Route.LoaderArgs) {
  const context = pageContext(request, ["practice"]);
  const { content, url } = context;
  const service: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Service",
    serviceType: content.data.h1,
    name: content.data.title,
    description: content.data.description,
    provider: { "@id": organizationId(url) },
    areaServed: { "@type": "State", name: "Texas" },
  };
  return pageView(context, { glance: content.glance ?? [] }, [service]);
}
export const meta: Route.MetaFunction = pageMeta;

export default function PracticePage({ loaderData: page }: Route.ComponentProps) {
  const t = useMessages();
  const forms = page.content.data.forms;
  const toc = page.content.headings.filter((h) => h.depth === 2);
  const sidebarToc = toc.length > 2;
  return (
    <>
      <PageHeader page={page} eyebrow={t.ui.practiceAreas} leadFromTablet={page.extra.glance.length > 0} />
      <PageBody
        asideLabel={t.ui.pageGuide}
        aside={
          <>
            {sidebarToc && <TableOfContents headings={toc} variant="sidebar" />}
            {forms.length > 0 && (
              <div className="card-muted">
                <p className="side-label mb-3">{t.ui.formsInvolved}</p>
                <ul className="flex flex-wrap gap-2">
                  {forms.map((form) => (
                    <li
                      key={form}
                      className="nowrap rounded-full bg-white px-3 py-1 text-sm font-medium text-navy-800 ring-1 ring-navy-100"
                    >
                      {form}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <CallPanel />
          </>
        }
      >
        {page.extra.glance.length > 0 && <AtAGlance items={page.extra.glance} />}
        {sidebarToc && <TableOfContents headings={toc} variant="inline" />}
        <Prose html={page.content.html} />
        <RelatedLinks items={page.extra.related} title={t.ui.relatedPages} />
        <ReviewedBy updated={page.content.data.updated} />
      </PageBody>
    </>
  );
}
