import { lazy, Suspense, useRef, useState } from "react";
import { useHydrated, useMediaQuery } from "../lib/hydrated";
import { useMessages } from "../lib/locale";
import { wideScreen } from "./desktop-nav";
import { MenuIcon } from "./icons";

const Panel = lazy(() => import("./mobile-menu-panel"));

/** The menu button is part of the page; the panel's code loads on small screens or on first use. */
export function MobileMenu() {
  const t = useMessages();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Where the menu button shows, the panel's code loads ahead of the first tap.
  const hydrated = useHydrated();
  const wide = useMediaQuery(wideScreen);
  const load = wanted || (hydrated && !wide);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={t.ui.openMenu}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="inline-flex h-11 w-11 items-center justify-center rounded-md text-navy-800 hover:bg-navy-50"
      >
        <MenuIcon width={24} height={24} />
      </button>
      {load && (
        <Suspense fallback={null}>
          <Panel open={open} onOpenChange={setOpen} returnFocus={() => button.current?.focus()} />
        </Suspense>
      )}
    </>
  );
}
