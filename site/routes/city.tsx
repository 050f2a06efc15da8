import { officeById } from "../../core/firm";
import { OfficeCard } from "../components/office-card";
import { GeneralInfoNote, PageBody, PageHeader, Prose, RelatedLinks } from "../components/page";
import { useMessages } from "../lib/locale";
import { pageMeta } from "../lib/page-types";
import type { Route } from "./+types/city";
import { pageContext, pageView } from "../content/page-data.server";
import { officeJsonLd } from "../../core/seo";

export function loader({ request }: Route.LoaderArgs) {
  const context = pageContext(request, ["city"]);
  const office = officeById(context.content.data.office);
  return pageView(context, { office: office.id }, [officeJsonLd(context.url, office, context.locale)]);
}
export const meta: Route.MetaFunction = pageMeta;

export default function City({ loaderData: page }: Route.ComponentProps) {
  const t = useMessages();
  const office = officeById(page.extra.office);
  return (
    <>
      <PageHeader page={page} eyebrow={t.ui.areasWeServe} />
      <PageBody
        asideFirst
        asideLabel={t.ui.nearestOffice}
        aside={<OfficeCard office={office} variant="featured" headingLevel={2} eyebrow={t.ui.nearestOffice} />}
      >
        <Prose html={page.content.html} />
        <RelatedLinks items={page.extra.related} title={t.ui.seeAlso} />
        <GeneralInfoNote updated={page.content.data.updated} disclaimer={false} />
      </PageBody>
    </>
  );
}
