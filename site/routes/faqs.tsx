import { ChevronDownIcon } from "../components/icons";
import { GeneralInfoNote, PageBody, PageHeader, Prose } from "../components/page";
import { pageMeta } from "../lib/page-types";
import type { JsonLd } from "../../core/seo";
import type { Route } from "./+types/faqs";
import { pageContext, pageView } from "../content/page-data.server";
import type { FaqItem } from "../../core/content-schema";

type Faq = FaqItem;

export function loader({ request }: Route.LoaderArgs) {
  const context = pageContext(request, ["faqs"]);
  const faqPage: JsonLd = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: context.content.data.faqs.map((f) => ({
      "@type": "Question",
      name: f.q,
      acceptedAnswer: { "@type": "Answer", text: f.a },
    })),
  };
  return pageView(context, {}, [faqPage]);
}
export const meta: Route.MetaFunction = pageMeta;

/** Consecutive questions that share a topic, so a reader can jump to fees or timelines. */
function byTopic(faqs: Faq[]): { topic?: string; items: Faq[] }[] {
  const groups: { topic?: string; items: Faq[] }[] = [];
  for (const faq of faqs) {
    const last = groups.at(-1);
    if (last && last.topic === faq.topic) last.items.push(faq);
    else groups.push({ topic: faq.topic, items: [faq] });
  }
  return groups;
}

/** Questions as native disclosure widgets: readable and operable without JavaScript. */
export default function Faqs({ loaderData: page }: Route.ComponentProps) {
  const faqs = page.content.data.faqs;
  return (
    <>
      <PageHeader page={page} />
      <PageBody>
        <Prose html={page.content.html} />
        {byTopic(faqs).map((group) => {
          const Question = group.topic ? "h3" : "h2";
          return (
            <section key={group.topic ?? group.items[0]?.q}>
              {group.topic && <h2 className="mt-10 text-2xl font-semibold">{group.topic}</h2>}
              <div className="mt-4 divide-y divide-navy-100 rounded-2xl border border-navy-100">
                {group.items.map((faq) => (
                  <details key={faq.q} className="group p-5 open:bg-navy-50/60">
                    <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 font-serif text-lg font-semibold text-navy-900 marker:hidden [&::-webkit-details-marker]:hidden">
                      <Question className="text-lg">{faq.q}</Question>
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
            </section>
          );
        })}
        <GeneralInfoNote updated={page.content.data.updated} disclaimer={false} />
      </PageBody>
    </>
  );
}
