import { usePageMessages } from "../lib/page-messages";
import type { GlanceItemView } from "../content/at-a-glance.server";
import { ChevronDownIcon } from "./icons";

/**
 * The answer first: a practice page's summary at the top of its text, a description list (term,
 * answer, a link down to the section that says more). Plain HTML and in-page links, so it reads
 * and works without any script, prints, and keeps its frame in forced colors (a real border).
 */
export function AtAGlance({ items }: { items: readonly GlanceItemView[] }) {
  const t = usePageMessages();
  return (
    <section aria-labelledby="at-a-glance" className="glance" data-testid="at-a-glance">
      {/* A label, like the other side labels, not a heading: the page's headings keep one scale,
          and the region it names is a landmark of its own. */}
      <p id="at-a-glance" className="side-label">
        {t.glance.title}
      </p>
      <dl>
        {items.map((item) => {
          const cut = item.sectionText.lastIndexOf(" ") + 1;
          const [head, last] = [item.sectionText.slice(0, cut), item.sectionText.slice(cut)];
          return (
            <div key={item.topic} className="glance-item">
              <dt>{t.glance[item.topic]}</dt>
              <dd>
                <span dangerouslySetInnerHTML={{ __html: item.html }} />{" "}
                <a href={`#${item.section}`} className="glance-more">
                  <span className="sr-only">{t.glance.more} </span>
                  {head}
                  {/* The chevron stays with the heading's last word, never alone on a line. */}
                  <span className="nowrap">
                    {last}
                    <ChevronDownIcon width={16} height={16} className="glance-arrow" />
                  </span>
                </a>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
