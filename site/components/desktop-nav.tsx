import { lazy, Suspense, useState } from "react";
import { useHydrated, useMediaQuery } from "../lib/hydrated";
import { useMessages, usePath } from "../lib/locale";
import { linkClass, triggerClass } from "./desktop-nav-classes";
import { ChevronDownIcon } from "./icons";
import { SmartLink } from "./smart-link";

const Menu = lazy(() => import("./desktop-nav-menu"));
/** Tailwind's `xl` breakpoint, where the desktop menu replaces the menu button. */
export const wideScreen = "(min-width: 80rem)";

/**
 * The desktop menu's behaviour (Radix NavigationMenu) loads once the header is hydrated on a
 * screen wide enough to show it, or as soon as a visitor reaches for it: the first paint shows the
 * same links and buttons, so nothing shifts, and phones never download it.
 */
export function DesktopNav() {
  const t = useMessages();
  const path = usePath();
  const [initialValue, setInitialValue] = useState<string>();
  const hydrated = useHydrated();
  const wide = useMediaQuery(wideScreen);
  const [reached, setReached] = useState(false);
  const wanted = wide || reached;
  const want = (value: string) => {
    setInitialValue(value);
    setReached(true);
  };
  const trigger = (value: string, label: string) => (
    <button
      type="button"
      className={triggerClass}
      aria-expanded={false}
      data-nav-value={value}
      onClick={() => want(value)}
      onPointerEnter={() => want(value)}
    >
      {label}
      <ChevronDownIcon width={16} height={16} />
    </button>
  );
  const firstPaint = (
    <nav aria-label={t.ui.mainNav} className="relative hidden xl:block">
      <ul className="flex items-center gap-0.5">
        <li>
          <SmartLink to={path("home")} className={linkClass}>
            {t.ui.home}
          </SmartLink>
        </li>
        <li>{trigger("practice", t.ui.practiceAreas)}</li>
        <li>{trigger("firm", t.ui.ourFirm)}</li>
        <li>
          <SmartLink to={path("blog")} className={linkClass}>
            {t.ui.blog}
          </SmartLink>
        </li>
        <li>
          <SmartLink to={path("contact")} className={linkClass}>
            {t.ui.contact}
          </SmartLink>
        </li>
      </ul>
    </nav>
  );
  if (!hydrated || !wanted) return firstPaint;
  // A pointer that rested on a trigger before the menu's code arrived opens that panel at once.
  const hovered = document.querySelector<HTMLElement>("[data-nav-value]:hover")?.dataset.navValue;
  return (
    <Suspense fallback={firstPaint}>
      <Menu {...(initialValue || hovered ? { initialValue: initialValue ?? hovered } : {})} />
    </Suspense>
  );
}
