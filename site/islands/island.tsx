import { createElement, type ComponentType } from "react";
import { islandTag } from "./names";
import type { HydrateWhen, IslandComponent, IslandName } from "./registry";

/**
 * Wraps a component so the prerender marks where it is, with its props, for the browser to
 * hydrate: a `<site-island>` element, which schedules its own hydration (site/islands/schedule.ts).
 * The element is `display: contents`, so it never affects layout. The props are JSON in an
 * attribute: only plain data crosses. The component must be the one the registry loads for that
 * name, which the types check.
 */
export function island<N extends IslandName, P extends object>(
  name: N,
  Component: IslandComponent<N> & ComponentType<P>,
  when: HydrateWhen,
) {
  const Rendered: ComponentType<P> = Component;
  function IslandRoot(props: P) {
    // React writes a custom element's props as attributes as they are: `class`, not `className`.
    return createElement(
      islandTag,
      { "data-island": name, "data-hydrate": when, "data-props": JSON.stringify(props), class: "contents" },
      <Rendered {...props} />,
    );
  }
  IslandRoot.displayName = `Island(${name})`;
  return IslandRoot;
}
