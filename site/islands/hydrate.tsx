import { createElement, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { SiteProvider, type SiteData } from "../lib/locale";
import { islandLoaders, type IslandName } from "./registry";

/**
 * Hydrates one island with the props the prerender wrote beside it. The props are the JSON of
 * exactly the value the server rendered with, so they are handed back to the same component; this
 * is the one place where data from the HTML becomes typed again.
 */
export async function hydrateIsland(element: HTMLElement, name: IslandName, site: SiteData): Promise<void> {
  const Component = (await islandLoaders[name]()) as ComponentType<object>;
  const props = JSON.parse(element.dataset.props ?? "{}") as object;
  hydrateRoot(element, <SiteProvider value={site}>{createElement(Component, props)}</SiteProvider>, {
    identifierPrefix: `${name}-`,
  });
}
