import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { ChevronDownIcon } from "../components/icons";
import { GeneralInfoNote, PageBody, PageHeader, Prose } from "../components/page";
import { loadPage } from "../lib/page-loader.server";
import { pageMeta, type PageView } from "../lib/page-types";

export function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request);
}
export const meta = pageMeta;

/** Questions as native disclosure widgets: readable and operable without JavaScript. */
export default function Faqs() {
  const page = useLoaderData() as PageView;
  const faqs = page.content.data.faqs as { q: string; a: string }[];
  return (
    <>
      <PageHeader page={page} />
      <PageBody>
        <Prose html={page.content.html} />
        <div className="mt-8 divide-y divide-navy-100 rounded-2xl border border-navy-100">
          {faqs.map((faq) => (
            <details key={faq.q} className="group p-5 open:bg-navy-50/60">
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 font-serif text-lg font-semibold text-navy-900 marker:hidden [&::-webkit-details-marker]:hidden">
                <h2 className="text-lg">{faq.q}</h2>
                <ChevronDownIcon
                  width={22}
                  height={22}
                  className="shrink-0 text-navy-700 transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="mt-3 leading-relaxed text-ink">{faq.a}</p>
            </details>
          ))}
        </div>
        <GeneralInfoNote updated={page.content.data.updated} disclaimer={false} />
      </PageBody>
    </>
  );
}
