const reloadedKey = "lfh-reloaded-for";

/**
 * After a new deployment an old tab may ask for page code that no longer exists. Vite raises
 * `vite:preloadError`; we reload once so the visitor gets the new build instead of a blank
 * screen. A second failure for the same page is left unhandled, so Vite rethrows it and a reload loop is impossible.
 */
export function recoverFromStaleDeploy(): () => void {
  const onPreloadError = (event: Event) => {
    const target = window.location.pathname;
    let already = false;
    try {
      already = window.sessionStorage.getItem(reloadedKey) === target;
      window.sessionStorage.setItem(reloadedKey, target);
    } catch {
      already = true;
    }
    if (already) return;
    event.preventDefault();
    window.location.reload();
  };
  window.addEventListener("vite:preloadError", onPreloadError);
  return () => window.removeEventListener("vite:preloadError", onPreloadError);
}
