import { useMessages } from "../lib/locale";
import { ChevronDownIcon } from "./icons";

interface Heading {
  id: string;
  text: string;
}

/**
 * "On this page": a collapsed disclosure above the text on phones and tablets, and a list in
 * the sticky sidebar from 1024 px. Render it once per variant; only one is ever displayed.
 */
export function TableOfContents({ headings, variant }: { headings: Heading[]; variant: "inline" | "sidebar" }) {
  const t = useMessages();
  const headingId = `toc-heading-${variant}`;
  const links = (
    <ol className="space-y-0.5 text-[0.95rem] lg:text-sm">
      {headings.map((h) => (
        <li key={h.id}>
          <a
            href={`#${h.id}`}
            className="flex min-h-11 items-center py-1 text-navy-700 hover:text-navy-950 hover:underline lg:min-h-0"
          >
            {h.text}
          </a>
        </li>
      ))}
    </ol>
  );
  if (variant === "sidebar")
    return (
      <nav aria-labelledby={headingId} className="hidden lg:block" data-pagefind-ignore="">
        <p id={headingId} className="side-label mb-2">
          {t.ui.onThisPage}
        </p>
        <div className="border-l-2 border-navy-100 pl-3">{links}</div>
      </nav>
    );
  return (
    <nav aria-labelledby={headingId} className="mb-8 lg:hidden" data-pagefind-ignore="">
      <details className="group rounded-xl border border-navy-100 bg-navy-50">
        <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 px-4 font-semibold text-navy-900 [&::-webkit-details-marker]:hidden">
          <span id={headingId}>{t.ui.onThisPage}</span>
          <ChevronDownIcon className="shrink-0 transition-transform group-open:rotate-180" />
        </summary>
        <div className="border-t border-navy-100 px-4 pb-3 pt-1">{links}</div>
      </details>
    </nav>
  );
}
