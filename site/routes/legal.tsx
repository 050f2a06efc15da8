import { Breadcrumbs, formatDate, PageBody, Prose } from "../components/page";
import { Typeset } from "../components/typeset";
import { TableOfContents } from "../components/table-of-contents";
import { useLocale, useMessages } from "../lib/locale";
import { pageMeta } from "../lib/page-types";
import type { Route } from "./+types/legal";
import { pageContext, pageView } from "../content/page-data.server";
import type { Banner } from "../../core/content-schema";

export function loader({ request }: Route.LoaderArgs) {
  return pageView(pageContext(request, ["legal"]), {});
}
export const meta: Route.MetaFunction = pageMeta;
/** Legal pages are read, not sold from: they do not show the consultation form. */
export const handle = { consultation: false };

const overlayClass = { light: "bg-navy-900/70", default: "bg-navy-900/85", dark: "bg-navy-950/95" } as const;
const heightClass = { small: "py-8 lg:py-10", default: "py-12 lg:py-16", large: "py-20 lg:py-28" } as const;

/** The shared legal layout: title, optional subtitle, optional banner (overlay and height variants). */
export default function LegalPage({ loaderData: page }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  const data = page.content.data;
  const banner: Banner = data.banner ?? { overlay: "default", height: "default" };
  return (
    <>
      <div
        className="relative isolate bg-navy-900 bg-cover bg-center text-white"
        style={banner.image ? { backgroundImage: `url(${banner.image})` } : undefined}
        data-overlay={banner.overlay}
        data-height={banner.height}
      >
        <div className={`absolute inset-0 -z-10 ${overlayClass[banner.overlay]}`} />
        <div className={`container-page ${heightClass[banner.height]}`}>
          <Breadcrumbs trail={page.breadcrumbs} />
          <h1 className="mt-4 text-[2rem] leading-tight font-semibold text-white sm:text-5xl">
            <Typeset text={data.h1} />
          </h1>
          {data.subtitle && <p className="mt-3 max-w-3xl text-lg text-navy-100">{data.subtitle}</p>}
          {data.effective && (
            <p className="mt-4 text-sm text-navy-100">
              {t.ui.effective}: <time dateTime={data.effective}>{formatDate(data.effective, locale)}</time>
            </p>
          )}
          {data.lastUpdated && (
            <p className="mt-4 text-sm text-navy-100">
              {t.ui.lastUpdated}: <time dateTime={data.lastUpdated}>{formatDate(data.lastUpdated, locale)}</time>
            </p>
          )}
        </div>
      </div>
      <PageBody>
        {/* Long policies (the privacy policy is over 10,000 px on a phone): a list of sections first. */}
        {page.content.headings.filter((h) => h.depth === 2).length > 3 && (
          <TableOfContents headings={page.content.headings.filter((h) => h.depth === 2)} variant="inline" />
        )}
        <Prose html={page.content.html} />
      </PageBody>
    </>
  );
}
