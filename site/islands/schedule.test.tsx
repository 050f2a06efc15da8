// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages, type Messages } from "../../core/i18n";
import { LeadForm } from "../components/lead-form";
import { jsonForScript } from "../lib/json-script";
import { SiteProvider, type PageData, type SiteData } from "../lib/locale";
import { dictionaries } from "./dictionaries";
import { island } from "./island";
import { islandTag } from "./names";
import { defineIslands } from "./schedule";
import "../../tests/support/dom-waits";

const site: SiteData = { locale: "en", pathname: "/contact", messages: messages("en") };
/** What the page's JSON block carries: the islands fetch the dictionary themselves. */
const page: PageData = { locale: site.locale, pathname: site.pathname, invitations: site.messages.invitations };
const t = site.messages;
const LeadFormIsland = island("lead-form", LeadForm, "use");
const cleanups: (() => void)[] = [];

/** The island's HTML as the prerender writes it. */
function islandHtml(): string {
  return renderToString(
    <SiteProvider value={site}>
      <LeadFormIsland source="consultation-lead" idPrefix="consultation" />
    </SiteProvider>,
  );
}

/**
 * The page as the prerender wrote it: the island's HTML and, unless left out, the page's data.
 */
function prerendered({ withSiteData }: { withSiteData: boolean }) {
  document.body.innerHTML =
    islandHtml() +
    (withSiteData ? `<script type="application/json" id="site-data">${jsonForScript(page)}</script>` : "");
  // What reaches the form: each submission, and whether something stopped the browser's own POST.
  const submissions: { prevented: boolean }[] = [];
  const onSubmit = (event: Event) => {
    submissions.push({ prevented: event.defaultPrevented });
    // This test's page never leaves: happy-dom would follow the native POST.
    event.preventDefault();
  };
  document.addEventListener("submit", onSubmit);
  cleanups.push(() => document.removeEventListener("submit", onSubmit));
  return { submissions, button: screen.getByRole("button", { name: t.consultation.submit }) };
}

/** Once per page, as the page's script does: every test's islands are connected after it. */
function defineIslandsOnce() {
  if (!customElements.get(islandTag)) defineIslands();
}

// The waits below end when the island answers; their bound (a minute) is for one that never does:
// on a loaded machine the first hydration (React and the form's code, imported cold) takes seconds.
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("island scheduler", () => {
  it("holds a click that arrives before the island hydrates, and replays it once React listens", async () => {
    const { submissions, button } = prerendered({ withSiteData: true });
    defineIslandsOnce();
    // Reaching for the button starts the hydration; the click lands before it has finished.
    button.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    button.click();
    expect(submissions).toEqual([]);

    // The replayed click submits through React: the form checks its fields, sends nothing, and
    // the browser's own POST never happens.
    expect(await screen.findByText(t.validation.name, undefined, { timeout: 60_000 })).toBeTruthy();
    expect(submissions).toEqual([{ prevented: true }]);
    expect(screen.getByLabelText(t.consultation.name).getAttribute("aria-invalid")).toBe("true");
  });

  it("lets the held click do what the HTML alone does when the island cannot start", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { submissions, button } = prerendered({ withSiteData: false });
    defineIslandsOnce();
    button.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    button.click();
    expect(submissions).toEqual([]);

    // Released on failure: the form's own POST goes ahead, as it would without JavaScript.
    await vi.waitFor(() => expect(submissions).toEqual([{ prevented: false }]), { timeout: 60_000 });
    expect(String(error.mock.calls[0]?.[0])).toContain("The lead-form island could not start");
    expect(screen.queryByText(t.validation.name)).toBeNull();
  });

  it("hydrates an island added to the page after it has loaded", async () => {
    defineIslandsOnce();
    document.body.innerHTML = `<script type="application/json" id="site-data">${jsonForScript(page)}</script>`;
    // Inserted later, as a script or a dialog would: the element schedules itself when connected.
    document.body.insertAdjacentHTML("beforeend", islandHtml());
    const button = screen.getByRole("button", { name: t.consultation.submit });
    button.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    button.click();

    expect(await screen.findByText(t.validation.name, undefined, { timeout: 60_000 })).toBeTruthy();
  });

  it("keeps an island's prerendered HTML and logs when the island throws while rendering", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    // The dictionary lacks the interface strings the form reads (as one from an older deployment
    // might): the form throws as it renders.
    vi.spyOn(dictionaries, "en").mockResolvedValue({} as Messages);
    const { submissions, button } = prerendered({ withSiteData: true });
    const html = document.body.querySelector(islandTag)!.innerHTML;
    defineIslandsOnce();
    button.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    button.click();

    // The held click does what the HTML alone does: the form's own POST, from the form as it was.
    await vi.waitFor(() => expect(submissions).toEqual([{ prevented: false }]), { timeout: 60_000 });
    expect(document.body.querySelector(islandTag)!.innerHTML).toBe(html);
    expect(error.mock.calls.map((call) => String(call[0]))).toContainEqual(
      expect.stringContaining("The lead-form island could not start"),
    );
  });
});
