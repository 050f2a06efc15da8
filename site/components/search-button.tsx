import { lazy, Suspense, useRef, useState } from "react";
import { useMessages, usePath } from "../lib/locale";
import { SearchIcon } from "./icons";

const SearchDialog = lazy(() => import("./search-dialog"));

/**
 * The header's way to the site search: it opens the search over the page (its code loads on that
 * first use). A click before the header's code has loaded is held and replayed; without script the
 * button opens the blog, whose search form is a plain form.
 */
export function SearchButton({ className = "" }: { className?: string }) {
  const t = useMessages();
  const path = usePath();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <form method="get" action={path("blog")} className={`contents ${className}`}>
      <button
        ref={trigger}
        type="submit"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(event) => {
          event.preventDefault();
          setWanted(true);
          setOpen(true);
        }}
        className="inline-flex h-11 w-11 items-center justify-center rounded-md text-navy-800 hover:bg-navy-50"
      >
        <SearchIcon />
        <span className="sr-only">{t.ui.searchOpen}</span>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <SearchDialog open={open} onOpenChange={setOpen} returnFocus={() => trigger.current?.focus()} />
        </Suspense>
      )}
    </form>
  );
}
