// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { messages } from "../../core/i18n";
import { keyOf, pathOf } from "../../core/routes";
import { bundleFetch, writeSearchBundle } from "../../tests/support/search-bundle";
import { SiteProvider } from "../lib/locale";
import { SiteSearch } from "./site-search";
import "../../tests/support/dom-waits";

const t = messages("en").ui;
const requested: string[] = [];
const asylum = pathOf(keyOf("practice-areas/deportation-asylum/asylum"), "en");
const uVisa = pathOf(keyOf("blog/u-visa-protection-crime-victims"), "en");
const naturalization = pathOf(keyOf("practice-areas/citizenship/naturalization"), "en");
/** Pagefind reports a page's URL as its folder: `/page/` for `page/index.html`. */
const indexed = (path: string) => `${path}/`;

beforeAll(async () => {
  await writeSearchBundle([
    {
      url: indexed(asylum),
      title: "Asylum",
      text: "Asylum protects people who fear persecution at home. Apply for asylum within one year of arrival.",
      language: "en",
    },
    {
      url: indexed(uVisa),
      title: "U visa: protection for crime victims",
      text: "A victim of a crime who helps the police may stay; some also qualify for asylum.",
      language: "en",
    },
    {
      url: indexed(naturalization),
      title: "Naturalization",
      text: "Become a US citizen: the N-400 application, the civics test and the oath.",
      language: "en",
    },
    {
      url: indexed(pathOf(keyOf("practice-areas/deportation-asylum/asylum"), "es")),
      title: "Asilo",
      text: "El asilo protege a quien teme persecución. Asylum en inglés.",
      language: "es",
    },
  ]);
  document.documentElement.lang = "en";
  vi.stubGlobal("fetch", bundleFetch(requested));
}, 60_000);
afterAll(() => void vi.unstubAllGlobals());
beforeEach(() => void requested.splice(0));
afterEach(cleanup);

function renderSearch() {
  const view = render(
    <SiteProvider value={{ locale: "en", pathname: "/no-such-page", messages: messages("en") }}>
      <SiteSearch />
    </SiteProvider>,
  );
  return { ...view, box: screen.getByRole("searchbox", { name: t.searchSite }) };
}

/** The links of the result list, in order. */
const resultLinks = () =>
  within(screen.getByRole("list", { name: t.searchResultsLabel }))
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")]);

describe("site search, as the browser runs it", () => {
  it("loads nothing until the first search, then shows the results in place and announces their count", async () => {
    const { box } = renderSearch();
    fireEvent.focus(box);
    // Long enough for a load started on render to reach the network (it takes a few milliseconds).
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(requested).toEqual([]);
    const startedAt = window.location.href;

    fireEvent.change(box, { target: { value: "asylum" } });
    fireEvent.submit(box.closest("form")!);
    expect(screen.getByRole("status").textContent).toBe(t.searching);
    await screen.findByText(`2 ${t.searchResults} “asylum”`, undefined, { timeout: 10_000 });

    expect(screen.getByRole("status").textContent).toBe(`2 ${t.searchResults} “asylum”`);
    expect(resultLinks()).toEqual([
      ["Asylum", asylum],
      ["U visa: protection for crime victims", uVisa],
    ]);
    // Under the field, on the same page: nothing navigated.
    expect(window.location.href).toBe(startedAt);
    expect(box.closest("div")?.contains(screen.getByRole("list"))).toBe(true);
    // Only this page's language was fetched: its index, not the Spanish one.
    expect(requested).toContain("pagefind-entry.json");
    expect(requested.some((file) => file.startsWith("wasm.en"))).toBe(true);
    expect(requested.some((file) => file.includes(".es_") || file.startsWith("wasm.es"))).toBe(false);
  });

  it("searches once the visitor stops typing, reusing what the first search loaded", async () => {
    const { box } = renderSearch();
    fireEvent.change(box, { target: { value: "natural" } });
    fireEvent.change(box, { target: { value: "naturalization" } });
    await screen.findByText(`1 ${t.searchResult} “naturalization”`, undefined, { timeout: 10_000 });
    expect(resultLinks()).toEqual([["Naturalization", naturalization]]);
    expect(requested.filter((file) => file === "pagefind-entry.json" || file.startsWith("wasm."))).toEqual([]);

    fireEvent.change(box, { target: { value: "zzxqv" } });
    await screen.findByText(t.searchNoResults, undefined, { timeout: 10_000 });
    expect(screen.queryByRole("list")).toBeNull();

    fireEvent.change(box, { target: { value: "" } });
    await vi.waitFor(() => expect(screen.getByRole("status").textContent).toBe(""));
  });
});
