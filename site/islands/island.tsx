import type { ComponentType } from "react";
import type { HydrateWhen, IslandComponent, IslandName } from "./registry";

/**
 * Wraps a component so the prerender marks where it is, with its props, for the browser to
 * hydrate (site/islands/client.ts). The wrapper is `display: contents`, so it never affects
 * layout. The props are JSON in an attribute: only plain data crosses. The component must be the
 * one the registry loads for that name, which the types check.
 */
export function island<N extends IslandName, P extends object>(
  name: N,
  Component: IslandComponent<N> & ComponentType<P>,
  when: HydrateWhen,
) {
  const Rendered: ComponentType<P> = Component;
  function IslandRoot(props: P) {
    return (
      <div data-island={name} data-hydrate={when} data-props={JSON.stringify(props)} className="contents">
        <Rendered {...props} />
      </div>
    );
  }
  IslandRoot.displayName = `Island(${name})`;
  return IslandRoot;
}
