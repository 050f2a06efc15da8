import { ChevronDownIcon } from "../components/icons";
import { Typeset } from "../components/typeset";
import { GeneralInfoNote, PageBody, PageHeader, Prose } from "../components/page";
import { useMessages } from "../lib/locale";
import { pageMeta } from "../lib/page-types";
import type { JsonLd } from "../../core/seo";
import type { Route } from "./+types/faqs";
import { pageContext, pageView } from "../content/page-data.server";
import { renderInlineMarkdown, slugify } from "../content/markdown.server";
import type { FaqItem } from "../../core/content-schema";

interface Answered {
  q: string;
  /** The answer as HTML: its links to the firm's pages and the official tools it names. */
  html: string;
}

interface Topic {
  topic?: string;
  id: string;
  items: Answered[];
}

/** Consecutive questions that share a topic, so a reader can jump to fees or timelines. */
function byTopic(faqs: FaqItem[]): Topic[] {
  const groups: Topic[] = [];
  for (const faq of faqs) {
    const answered = { q: faq.q, html: renderInlineMarkdown(faq.a).html };
    const last = groups.at(-1);
    if (last && last.topic === faq.topic) last.items.push(answered);
    else groups.push({ topic: faq.topic, id: slugify(faq.topic ?? faq.q), items: [answered] });
  }
  return groups;
}

export function loader({ request }: Route.LoaderArgs) {
  const context = pageContext(request, ["faqs"]);
  const faqs = context.content.data.faqs;
  const faqPage: JsonLd = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((f) => ({
      "@type": "Question",
      name: f.q,
      acceptedAnswer: { "@type": "Answer", text: renderInlineMarkdown(f.a).text },
    })),
  };
  return pageView(context, { topics: byTopic(faqs) }, [faqPage]);
}
export const meta: Route.MetaFunction = pageMeta;

/** Questions as native disclosure widgets: readable and operable without JavaScript. */
export default function Faqs({ loaderData: page }: Route.ComponentProps) {
  const t = useMessages();
  const topics = page.extra.topics;
  const named = topics.filter((group) => group.topic);
  return (
    <>
      <PageHeader page={page} />
      <PageBody>
        {named.length > 1 && (
          <nav aria-labelledby="faq-topics" className="mb-8" data-pagefind-ignore="">
            <p id="faq-topics" className="side-label mb-3">
              {t.ui.onThisPage}
            </p>
            <ul className="flex flex-wrap gap-2">
              {named.map((group) => (
                <li key={group.id}>
                  <a
                    href={`#${group.id}`}
                    className="inline-flex min-h-11 items-center rounded-full border border-navy-200 bg-white px-4 text-[0.95rem] font-medium text-navy-800 hover:border-navy-700 hover:bg-navy-50"
                  >
                    {group.topic}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <Prose html={page.content.html} />
        {topics.map((group) => {
          const Question = group.topic ? "h3" : "h2";
          return (
            <section
              key={group.id}
              {...(group.topic ? { id: group.id, "aria-labelledby": `${group.id}-heading` } : {})}
            >
              {group.topic && (
                <h2 id={`${group.id}-heading`} className="mt-10 font-semibold">
                  {group.topic}
                </h2>
              )}
              <div className="mt-4 divide-y divide-navy-100 rounded-2xl border border-navy-100">
                {group.items.map((faq) => (
                  <details key={faq.q} className="group p-5 open:bg-navy-50/60">
                    <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 font-serif text-lg font-semibold text-navy-900 marker:hidden [&::-webkit-details-marker]:hidden">
                      <Question>
                        <Typeset text={faq.q} />
                      </Question>
                      <ChevronDownIcon
                        width={22}
                        height={22}
                        className="shrink-0 text-navy-700 transition-transform group-open:rotate-180"
                      />
                    </summary>
                    <p
                      className="prose-inline mt-3 leading-relaxed text-ink"
                      dangerouslySetInnerHTML={{ __html: faq.html }}
                    />
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
