// A practice page's summary (front matter `atAGlance`) as the page shows it: each item's text as
// HTML, with its fees rendered from the fee table exactly as `::fee{id}` renders them in the body,
// and the heading it links to.
import { glanceTopics } from "../../core/at-a-glance";
import { atAGlanceSchema, type GlanceTopic } from "../../core/content-schema";
import { expandFees, renderInlineMarkdown, type FactContext, type Heading } from "./markdown.server";

export interface GlanceItemView {
  topic: GlanceTopic;
  /** The item's words as HTML (inline: links, emphasis, amounts). */
  html: string;
  /** The id of the heading below that says more, and that heading's words. */
  section: string;
  sectionText: string;
}

/** The summary's items in reading order with the links they contain, or none when the page has no valid summary. */
export function renderGlance(
  raw: unknown,
  headings: readonly Heading[],
  context: FactContext,
): { items: GlanceItemView[]; links: string[] } | undefined {
  const parsed = atAGlanceSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const links: string[] = [];
  const items = glanceTopics.map((topic) => {
    const { text, section } = parsed.data[topic];
    const rendered = renderInlineMarkdown(expandFees(text, context));
    links.push(...rendered.links);
    // A missing heading is the content check's to report; the page still links to its section id.
    const sectionText = headings.find((h) => h.id === section)?.text ?? section;
    return { topic, html: rendered.html, section, sectionText };
  });
  return { items, links };
}
