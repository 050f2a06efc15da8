import { useEffect, useId, useRef, useState } from "react";
import { useLocale, useMessages, usePath } from "../lib/locale";
import { searchSite, type SearchAnswer } from "../lib/search";
import { SearchIcon } from "./icons";
import { SmartLink } from "./smart-link";

type State =
  | { status: "idle" }
  | { status: "searching"; query: string }
  | ({ status: "done"; query: string } & SearchAnswer)
  | { status: "failed"; query: string };

/** Typing pauses this long before a search runs, so each keystroke does not fetch the index. */
const typingPause = 250;

/**
 * Search every page of the site in the visitor's language; results replace nothing and reload
 * nothing: they appear under the field, best first, and their count is announced. The form also
 * works as a plain link to the blog's `?q=` URL (the structured data's search action): that page
 * searches for the query it is given. Without script the form opens the blog.
 */
export function SiteSearch({
  autoFocus = false,
  readQueryFromUrl = false,
}: {
  autoFocus?: boolean;
  readQueryFromUrl?: boolean;
}) {
  const t = useMessages();
  const path = usePath();
  const locale = useLocale();
  const id = useId();
  const [query, setQuery] = useState("");
  const [state, setState] = useState<State>({ status: "idle" });
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const run = (text: string) => {
    clearTimeout(timer.current);
    const term = text.trim();
    const ticket = ++latest.current;
    if (!term) return setState({ status: "idle" });
    setState({ status: "searching", query: term });
    searchSite(term, locale).then(
      (answer) => ticket === latest.current && setState({ status: "done", query: term, ...answer }),
      () => ticket === latest.current && setState({ status: "failed", query: term }),
    );
  };

  useEffect(() => {
    // Once: what was typed before this code arrived, or the query the page was opened with.
    const typed = input.current?.value.trim();
    const initial = typed || (readQueryFromUrl ? new URLSearchParams(window.location.search).get("q")?.trim() : "");
    if (!initial) return;
    setQuery(initial);
    run(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const announcement =
    state.status === "searching"
      ? t.ui.searching
      : state.status === "failed"
        ? t.ui.searchFailed
        : state.status === "done"
          ? state.total === 0
            ? t.ui.searchNoResults
            : `${state.total} ${state.total === 1 ? t.ui.searchResult : t.ui.searchResults} “${state.corrected ?? state.query}”` +
              // A misspelled word was searched as the word the pages use: said, with what was typed.
              (state.corrected ? `. ${t.ui.searchTyped} “${state.query}”` : "")
          : "";

  return (
    <div>
      <form
        method="get"
        action={path("blog")}
        role="search"
        aria-label={t.ui.searchSite}
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          // The field, not the state: a submit held while the island hydrated is replayed before
          // the state has caught up with what was typed.
          run(input.current?.value ?? query);
        }}
      >
        <label htmlFor={`${id}-q`} className="sr-only">
          {t.ui.searchSite}
        </label>
        <input
          ref={input}
          id={`${id}-q`}
          name="q"
          type="search"
          value={query}
          autoFocus={autoFocus}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t.ui.searchPlaceholder}
          aria-describedby={`${id}-status`}
          className="field-input"
          onChange={(event) => {
            const text = event.target.value;
            setQuery(text);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => run(text), typingPause);
          }}
        />
        <button type="submit" className="btn-primary">
          <SearchIcon />
          <span className="max-sm:sr-only">{t.ui.searchButton}</span>
        </button>
      </form>
      <p id={`${id}-status`} role="status" className="mt-3 min-h-6 text-slate-700">
        {announcement}
      </p>
      {state.status === "done" && state.offer && (
        <p lang={state.offer.locale} className="mt-2 rounded-lg border border-gold-400 bg-gold-100 p-4 font-semibold">
          {t.invitations[state.offer.locale]?.searchOffer}{" "}
          <SmartLink to={state.offer.url} className="text-navy-800 underline underline-offset-4 hover:no-underline">
            {state.offer.title}
          </SmartLink>
        </p>
      )}
      {state.status === "done" && state.hits.length > 0 && (
        <ol className="mt-2 space-y-3" aria-label={t.ui.searchResultsLabel}>
          {state.hits.map((hit) => (
            <li key={hit.url} className="relative rounded-lg border border-navy-100 bg-white p-4 hover:bg-navy-50">
              <SmartLink
                to={hit.url}
                className="font-semibold text-navy-800 underline-offset-4 after:absolute after:inset-0 hover:underline"
              >
                {hit.title}
              </SmartLink>
              <p
                className="mt-1 text-sm text-slate-700 [&_mark]:bg-gold-100 [&_mark]:text-ink"
                // Pagefind's excerpt of our own page: escaped text with <mark> around the matches.
                dangerouslySetInnerHTML={{ __html: hit.excerpt }}
              />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
