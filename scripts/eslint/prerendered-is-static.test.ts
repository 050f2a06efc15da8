import { join } from "node:path";
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import plugin, { siteGraph } from "./prerendered-is-static.mjs";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = process.cwd();
const at = (path: string) => join(root, path);
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

describe("which modules the prerender renders outside an island", () => {
  const { islandRoots, prerendered } = siteGraph(root);
  const relative = (files: Set<string>) => [...files].map((file) => file.slice(root.length + 1));

  it("takes the islands from the registry and follows every route, stopping at an island's component", () => {
    expect(relative(islandRoots).sort()).toEqual(
      ["careers-form", "header", "lead-form", "legacy-redirect", "site-search", "videos"].map(
        (name) => `site/components/${name}.tsx`,
      ),
    );
    const checked = relative(prerendered);
    for (const file of [
      "site/root.tsx",
      "site/routes/schedule.tsx",
      "site/components/footer.tsx",
      "site/components/actions.tsx",
    ])
      expect(checked).toContain(file);
    // Reached only inside islands: the menus, the forms' fields, the video player.
    for (const file of [
      "site/components/header.tsx",
      "site/components/mobile-menu.tsx",
      "site/components/desktop-nav.tsx",
      "site/components/form-fields.tsx",
      "site/components/video-grid.tsx",
      "site/lib/hydrated.ts",
    ])
      expect(checked).not.toContain(file);
  });
});

// The scheduling page as it was: a button whose state no browser ever saw change.
const deadBookingButton = `
import { useState } from "react";
export default function Schedule() {
  const [showCalendar, setShowCalendar] = useState(false);
  return showCalendar ? <iframe src="https://booking.example" /> : (
    <button type="button" onClick={() => setShowCalendar(true)}>Show the booking calendar</button>
  );
}`;

tester.run("prerendered-is-static", plugin.rules["prerendered-is-static"], {
  valid: [
    // Inside an island everything runs: the mobile menu keeps state and handles clicks.
    {
      filename: at("site/components/mobile-menu.tsx"),
      code: `import { useState } from "react";
        export function MobileMenu() { const [open, setOpen] = useState(false); return <button onClick={() => setOpen(!open)} />; }`,
    },
    // A shared component may pass on a handler its caller gave it: the caller is checked.
    {
      filename: at("site/components/actions.tsx"),
      code: `export function LanguageSwitch({ onClick }: { onClick?: () => void }) { return <a href="/es" onClick={onClick} />; }
        export function Forwarded(props: { onClick?: () => void }) { return <a href="/" onClick={props.onClick} />; }`,
    },
    // Reading the render's context, React's pure hooks and the router's data are prerender work.
    {
      filename: at("site/routes/schedule.tsx"),
      code: `import { useId, useMemo } from "react";
        import { useMatches } from "react-router";
        import { useMessages } from "../lib/locale";
        export default function Page() { const t = useMessages(); const id = useId(); const m = useMatches();
          const n = useMemo(() => m.length, [m]); return <h1 id={id}>{t.ui.bookingTitle}{n}</h1>; }`,
    },
    // An island's component handed to island(), and a plain link wired by the page script.
    {
      filename: at("site/routes/lfh-tv.tsx"),
      code: `import { VideoList } from "../components/videos";
        import { island } from "../islands/island";
        const VideoListIsland = island("videos", VideoList, "visible");
        export default function Page() { return <><VideoListIsland /><a href="https://booking.example" data-booking-calendar="f">Book</a></>; }`,
    },
    // Tests and the server are not prerendered components.
    {
      filename: at("site/components/lead-form.test.tsx"),
      code: `export function Probe() { return <button onClick={() => undefined} />; }`,
    },
  ],
  invalid: [
    {
      filename: at("site/routes/schedule.tsx"),
      code: deadBookingButton,
      errors: [{ messageId: "hook" }, { messageId: "handler" }],
    },
    {
      filename: at("site/components/footer.tsx"),
      code: `import * as React from "react";
        export default function Footer() { const ref = React.useRef(null);
          return <footer><select ref={ref} onChange={(e) => console.log(e)} /></footer>; }`,
      errors: [{ messageId: "hook" }, { messageId: "handler" }, { messageId: "handler" }],
    },
    // A component shared with the islands is rendered by the prerender too.
    {
      filename: at("site/components/page.tsx"),
      code: `import { useEffect, useReducer } from "react";
        export function Note() { const [n, add] = useReducer((x: number) => x + 1, 0); useEffect(() => add(), []); return <p>{n}</p>; }`,
      errors: [{ messageId: "hook" }, { messageId: "hook" }],
    },
    {
      filename: at("site/components/call-panel.tsx"),
      code: `import { useQuery } from "@tanstack/react-query";
        const submit = () => undefined;
        export function Panel() { useQuery({ queryKey: ["x"] }); return <form onSubmit={submit} />; }`,
      errors: [{ messageId: "hook" }, { messageId: "handler" }],
    },
    // An island's component rendered straight into the page would never hydrate.
    {
      filename: at("site/routes/lfh-tv.tsx"),
      code: `import { VideoList } from "../components/videos";
        export default function Page() { return <VideoList />; }`,
      errors: [{ messageId: "islandComponent" }],
    },
  ],
});
