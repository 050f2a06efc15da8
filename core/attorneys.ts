import { attorneyEntries } from "./content-pages.generated";
import type { AttorneyEntry } from "./content-kinds";
import { keyOf, type PageKey } from "./routes";

/**
 * The firm's attorneys, one per profile page in content/{locale}/our-firm/ (kind: attorney): a
 * new attorney is a new pair of Markdown files. Their order is the profiles' `order` and then name.
 */
export interface Attorney extends AttorneyEntry {
  /** Generated stand-in image (monogram), used where a raster is needed (menu header, share image). */
  image: string;
  /** Two letters for the monogram portrait. */
  initials: string;
}

function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return `${words[0]?.[0] ?? ""}${words.at(-1)?.[0] ?? ""}`.toUpperCase();
}

export const attorneys: readonly Attorney[] = attorneyEntries.map((entry) => ({
  ...entry,
  image: `/images/attorney-${entry.slug}`,
  initials: initialsOf(entry.name),
}));

export type AttorneySlug = (typeof attorneyEntries)[number]["slug"];

/** Widths the image pipeline builds a real attorney photograph at (portrait, 4:5). */
export const attorneyPhotoWidths = [112, 240, 400, 640] as const;

/** Where an attorney's optimised photograph is published, without width and format. */
export function attorneyPhotoBase(slug: string): string {
  return `/images/attorneys/${slug}`;
}

export function attorneyBySlug(slug: string): Attorney | undefined {
  return attorneys.find((a) => a.slug === slug);
}

/** The route-map key of an attorney's profile page. */
export function profileKey(attorney: Pick<Attorney, "slug">): PageKey {
  return keyOf(`our-firm/${attorney.slug}`);
}

/** The attorney with a profile of this file name; the build has checked every name content and config use. */
export function attorney(slug: string): Attorney {
  const found = attorneyBySlug(slug);
  if (!found) throw new Error(`No attorney profile content/en/our-firm/${slug}.md`);
  return found;
}
