import { useEffect } from "react";
import { legacyRedirect } from "../../core/redirects";

/**
 * On a static host without the server's redirects, an old URL lands on the not-found page; this
 * sends the visitor on to the page that replaced it.
 */
export function LegacyRedirect() {
  useEffect(() => {
    const target = legacyRedirect(window.location.pathname);
    if (target) window.location.replace(`${target}${window.location.search}${window.location.hash}`);
  }, []);
  return null;
}
