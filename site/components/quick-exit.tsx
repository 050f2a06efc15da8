import { quickExitNewTabUrl, quickExitUrl, browsingSafelyKey, survivorPaths } from "../../core/survivor-pages";
import { behaviour } from "../islands/behaviours";
import { useMessages, usePath } from "../lib/locale";
import { SmartLink } from "./smart-link";

/**
 * The Quick exit link: the page's own small script opens a neutral site in a new tab and replaces
 * this one (site/islands/quick-exit.ts); before it runs, it is an ordinary link to that site.
 */
export function QuickExitButton({ className = "" }: { className?: string }) {
  const t = useMessages();
  return (
    <a
      href={quickExitUrl}
      rel="noreferrer"
      {...{ [behaviour.quickExit]: quickExitUrl, [behaviour.quickExitNewTab]: quickExitNewTabUrl }}
      className={`inline-flex min-h-11 shrink-0 items-center rounded-md bg-gold-400 px-4 font-semibold text-navy-950 hover:bg-gold-100 ${className}`}
    >
      {t.ui.quickExit}
    </a>
  );
}

/**
 * The quick exit on pages read by survivors of abuse: a strip that stays under the header while
 * the page scrolls, with the guidance on browsing safely and the button. Its hint names what
 * works on the device: a tap on touch screens, the Esc shortcut for keyboard users. It lists the
 * survivor pages, so that moving between them replaces the history entry.
 */
export function QuickExit() {
  const t = useMessages();
  const path = usePath();
  return (
    <aside
      aria-label={t.ui.quickExit}
      {...{ [behaviour.quickExitStrip]: survivorPaths().join(" ") }}
      className="sticky top-[var(--header-h)] z-30 h-13 border-b border-navy-800 bg-navy-950 text-white"
    >
      <div className="mx-auto flex h-full max-w-7xl items-center gap-3 px-4 xl:px-6">
        <SmartLink
          to={path(browsingSafelyKey)}
          className="mr-auto text-sm font-medium text-white underline underline-offset-4 hover:text-gold-100"
        >
          {t.ui.browsingSafely}
        </SmartLink>
        <p className="text-right text-xs leading-tight text-navy-100 sm:text-sm">
          <span className="quick-exit-pointer">{t.ui.quickExitPointer}</span>
          <span className="quick-exit-touch">{t.ui.quickExitTouch}</span>
          <span className="quick-exit-keys">{t.ui.quickExitKeys}</span>
        </p>
        <QuickExitButton />
      </div>
    </aside>
  );
}
