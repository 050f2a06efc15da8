import { PageBody, PageHeader, Prose } from "../components/page";
import { Typeset } from "../components/typeset";
import { attorney as attorneyOf, attorneyPhotoBase, attorneys } from "../../core/attorneys";
import { AttorneyFacts, AttorneyPortrait } from "../components/attorney-card";
import { SmartLink } from "../components/smart-link";
import { useLocale, useMessages } from "../lib/locale";
import { pageMeta, type PageLink } from "../lib/page-types";
import type { Route } from "./+types/attorney";
import { link, pageContext, pageView } from "../content/page-data.server";
import { pathOf } from "../../core/routes";
import { absoluteUrl, organizationId, type JsonLd } from "../../core/seo";

export function loader({ request }: Route.LoaderArgs) {
  const context = pageContext(request, ["attorney"]);
  const { content, locale, page, url } = context;
  const attorney = attorneyOf(page.key.split("/").pop() ?? page.key);
  const person: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Person",
    name: content.data.name,
    jobTitle: content.data.role,
    image: absoluteUrl(url, `${attorney.photo ? attorneyPhotoBase(attorney.slug) : attorney.image}-640.webp`),
    url: absoluteUrl(url, pathOf(page.key, locale)),
    worksFor: { "@id": organizationId(url) },
    alumniOf: content.data.education,
    knowsLanguage: content.data.languages,
  };
  return pageView(context, { focus: content.data.focus.map((key) => link(key, locale)) }, [person]);
}
export const meta: Route.MetaFunction = pageMeta;

function Facts({ title, items }: { title: string; items: string[] }) {
  const list = items;
  return (
    <div>
      <p className="side-label">{title}</p>
      <ul className="mt-1 space-y-0.5 text-sm sm:text-[0.95rem]">
        {list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

function FocusAreas({ title, items }: { title: string; items: PageLink[] }) {
  return (
    <div>
      <p className="side-label">{title}</p>
      <ul className="mt-1 text-sm sm:text-[0.95rem]">
        {items.map((item) => (
          <li key={item.key}>
            <SmartLink to={item.path} className="tap-link py-0.5 text-navy-700 underline underline-offset-4">
              <Typeset text={item.title} />
            </SmartLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function Attorney({ loaderData: page }: Route.ComponentProps) {
  const t = useMessages();
  const locale = useLocale();
  const data = page.content.data;
  const focus = page.extra.focus;
  const attorney = attorneys.find((a) => page.key.endsWith(a.slug));
  return (
    <>
      <PageHeader page={page} eyebrow={attorney?.role[locale] ?? data.role} />
      <PageBody
        asideFirst
        sticky={false}
        asideLabel={t.ui.profileLabel}
        aside={
          <div className="card space-y-5 p-4 sm:p-5">
            {attorney && (
              <div className="flex gap-4 lg:block">
                <AttorneyPortrait attorney={attorney} size="profile" priority />
                <div className="min-w-0 lg:mt-4">
                  <p className="font-serif text-xl font-semibold text-navy-900">{attorney.name}</p>
                  <p className="font-medium text-gold-600">{attorney.role[locale]}</p>
                  <div className="mt-3">
                    <AttorneyFacts attorney={attorney} compact />
                  </div>
                </div>
              </div>
            )}
            <Facts title={t.ui.education} items={data.education} />
            <div className="hidden lg:block">
              <FocusAreas title={t.ui.focusAreas} items={focus} />
            </div>
          </div>
        }
      >
        <Prose html={page.content.html} />
        {/* On phones the focus areas follow the biography instead of pushing it down. */}
        <div className="card mt-10 lg:hidden">
          <FocusAreas title={t.ui.focusAreas} items={focus} />
        </div>
      </PageBody>
    </>
  );
}
