/**
 * The islands, by name: the file name of each one's module under site/components/. A plain list
 * (no imports) so the islands build can make each module an entry of its own, which the build's
 * manifest then names by its source path.
 */
export const islandNames = ["header", "lead-form", "careers-form", "site-search", "videos", "legacy-redirect"] as const;

export type IslandName = (typeof islandNames)[number];

/**
 * Whether an element names an island. Checked against this list, not the registry's loaders, so
 * the page script does not carry every island's loader (and its files) before one is due.
 */
export function isIslandName(name: string | undefined): name is IslandName {
  return islandNames.some((island) => island === name);
}

/** An island's module, as the islands build's manifest keys it. */
export function islandModule(name: IslandName): string {
  return `site/components/${name}.tsx`;
}

/** The custom element each island is (schedule.ts defines it): a name with a hyphen, as HTML asks. */
export const islandTag = "site-island";
