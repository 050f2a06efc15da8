import { forwardRef, type AnchorHTMLAttributes, type ReactNode } from "react";
import { homePath, isKnownPath } from "../../core/routes";
import { isSurvivorPage } from "../../core/survivor-pages";
import { behaviour } from "../islands/behaviours";
import { useLocale } from "../lib/locale";

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string; children: ReactNode };

export function isExternal(href: string): boolean {
  return /^(https?:|mailto:|tel:)/i.test(href);
}

/**
 * Every link of the site goes through here: external, mailto and tel links open in a new tab; an
 * internal link to a path the route map lacks falls back to the home page and logs an error, so
 * a mistyped link never leads a visitor to a dead end. The anchor's ref is forwarded: menus that
 * move focus between their links (the desktop menu's arrow keys) hold each link by its ref.
 */
export const SmartLink = forwardRef<HTMLAnchorElement, Props>(function SmartLink({ to, children, ...rest }, ref) {
  const locale = useLocale();
  if (isExternal(to)) {
    return (
      <a ref={ref} href={to} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  const cut = to.search(/[?#]/);
  const path = cut === -1 ? to : to.slice(0, cut);
  let target = to;
  if (path !== "" && !isKnownPath(path)) {
    console.error(`Unknown internal link ${to}; falling back to the home page.`);
    target = homePath(locale);
  }
  // A link to a survivor page is marked, so the page it leaves is left at its top (quick exit).
  const survivor = isSurvivorPage(path) ? { [behaviour.toSurvivorPage]: "" } : {};
  return (
    <a ref={ref} href={target} {...survivor} {...rest}>
      {children}
    </a>
  );
});
