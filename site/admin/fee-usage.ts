// The Fee table's id field (the `fee-id` widget): the id as a text field, and under it the pages
// that show this fee, in English and Spanish, so staff change an amount once knowing where it goes.
// The list is made when the admin page is built (scripts/fee-usage.ts): a page added since then
// appears after the next build.
import { englishName, locales, type Locale } from "../../core/locales";

export interface FeeUse {
  locale: Locale;
  path: string;
  title: string;
}

/** Fee id → the pages that show it. */
export type FeeUsage = Record<string, FeeUse[]>;

const languages: Record<Locale, string> = { en: "English", es: "Spanish" };

type H = (type: string, props: Record<string, unknown>, ...children: unknown[]) => unknown;

/** What Decap gives a widget's control (the same for every widget). */
export interface FeeIdProps {
  value?: unknown;
  onChange: (value: string) => void;
  forID: string;
  classNameWrapper: string;
  setActiveStyle: () => void;
  setInactiveStyle: () => void;
}

/** "Used on 20 pages (10 English, 10 Spanish)", or that no page shows it yet. */
export function usageSummary(uses: readonly FeeUse[]): string {
  if (uses.length === 0) return "Not shown on any page yet (the fees page lists it after the next build).";
  const count = (locale: Locale) => uses.filter((use) => use.locale === locale).length;
  const perLanguage = locales.map((locale) => `${count(locale)} ${englishName(locale)}`).join(", ");
  return `Used on ${uses.length} page${uses.length === 1 ? "" : "s"} (${perLanguage})`;
}

/** The widget's render function, given Decap's `h` and the usage read at build time. */
export function feeIdControl(usage: FeeUsage, h: H) {
  return function render(this: { props: FeeIdProps }): unknown {
    const { value, onChange, forID, classNameWrapper, setActiveStyle, setInactiveStyle } = this.props;
    const id = typeof value === "string" ? value : "";
    const uses = usage[id] ?? [];
    return h(
      "div",
      {},
      h("input", {
        id: forID,
        type: "text",
        className: classNameWrapper,
        value: id,
        onChange: (event: { target: { value: string } }) => onChange(event.target.value),
        onFocus: setActiveStyle,
        onBlur: setInactiveStyle,
      }),
      h(
        "details",
        { className: "fee-usage", style: { margin: "6px 0 0" } },
        h("summary", {}, usageSummary(uses)),
        h(
          "ul",
          { "aria-label": `Pages showing ${id}` },
          ...uses.map((use) =>
            h(
              "li",
              { key: `${use.locale}${use.path}` },
              h("a", { href: use.path, target: "_blank", rel: "noreferrer" }, use.title),
              ` (${languages[use.locale]}, ${use.path})`,
            ),
          ),
        ),
      ),
    );
  };
}
