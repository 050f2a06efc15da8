import { quickExitUrl } from "../../core/survivor-pages";
import { behaviour } from "../islands/behaviours";
import { useMessages } from "../lib/locale";

/**
 * The quick exit on pages read by survivors of abuse: a strip that stays under the header while
 * the page scrolls, with a button that leaves at once for a neutral site. The page's own small
 * script handles the button and the Esc-three-times shortcut (site/islands/quick-exit.ts); the
 * link works even before it runs.
 */
export function QuickExit() {
  const t = useMessages();
  return (
    <aside
      aria-label={t.ui.quickExit}
      className="sticky top-16 z-30 border-b border-navy-800 bg-navy-950 text-white xl:top-20"
    >
      <div className="mx-auto flex max-w-7xl items-center justify-end gap-3 px-4 py-1 xl:px-6">
        <p className="text-sm text-navy-100">
          <span className="sm:hidden">{t.ui.quickExitHintShort}</span>
          <span className="hidden sm:inline">{t.ui.quickExitHint}</span>
        </p>
        <a
          href={quickExitUrl}
          rel="noreferrer"
          {...{ [behaviour.quickExit]: quickExitUrl }}
          className="inline-flex min-h-11 shrink-0 items-center rounded-md bg-gold-400 px-4 font-semibold text-navy-950 hover:bg-gold-100"
        >
          {t.ui.quickExit}
        </a>
      </div>
    </aside>
  );
}
