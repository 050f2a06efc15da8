import type { Locale } from "./locales";

/**
 * Page kinds the firm adds as content: each page is one Markdown file per language under
 * `content/{locale}/{key}.md`, and its front matter says its kind and its slug in that language.
 * The file's path below `content/{locale}/` is the page's key, the same in both languages: that
 * is what pairs an English page with its Spanish one (as the editor's `multiple_folders` mode
 * does). `scripts/content-routes.ts` turns the files into the route map's content pages at build.
 */
export const contentKinds = ["article", "job", "attorney", "city", "practice-category", "practice"] as const;
export type ContentKind = (typeof contentKinds)[number];

export function isContentKind(value: unknown): value is ContentKind {
  return contentKinds.some((kind) => kind === value);
}

export const firmPaths = { en: "/our-firm", es: "/es/nuestro-bufete" } as const;
export const careersPaths = {
  en: `${firmPaths.en}/join-our-team`,
  es: `${firmPaths.es}/bolsa-de-trabajo`,
} as const;
export const practiceRoot = { en: "/practice-areas", es: "/es/areas-de-practica" } as const;
export const blogPaths = { en: "/blog", es: "/es/blog" } as const;

export interface ContentKindRule {
  /** The folder under `content/{locale}/` that holds this kind's files (the key's prefix). */
  folder: string;
  /** Whether a page of this kind must exist in both languages. */
  bothLanguages: boolean;
  /** The page's path from its slug; `parentPath` is the path of the page its key sits under. */
  path: (slug: string, locale: Locale, parentPath: string | undefined) => string;
}

/** Where a city's page lives, per language. */
const cityPath: Record<Locale, (slug: string) => string> = {
  en: (slug) => `/immigration-lawyer-${slug}-tx`,
  es: (slug) => `/es/abogado-inmigracion-${slug}-tx`,
};

export const contentKindRules: Record<ContentKind, ContentKindRule> = {
  article: { folder: "blog", bothLanguages: false, path: (slug, locale) => `${blogPaths[locale]}/${slug}` },
  job: { folder: "our-firm/join-our-team", bothLanguages: false, path: (slug, l) => `${careersPaths[l]}/${slug}` },
  attorney: { folder: "our-firm", bothLanguages: true, path: (slug, locale) => `${firmPaths[locale]}/${slug}` },
  city: {
    folder: "cities",
    bothLanguages: true,
    path: (slug, locale) => cityPath[locale](slug),
  },
  "practice-category": {
    folder: "practice-areas",
    bothLanguages: true,
    path: (slug, locale) => `${practiceRoot[locale]}/${slug}`,
  },
  practice: {
    folder: "practice-areas/*",
    bothLanguages: true,
    path: (slug, locale, parentPath) => `${parentPath ?? practiceRoot[locale]}/${slug}`,
  },
};

/** Whether a key sits in a kind's folder (`*` stands for one path segment). */
export function keyFitsKind(key: string, kind: ContentKind): boolean {
  const folder = contentKindRules[kind].folder.split("/");
  const parts = key.split("/");
  return parts.length === folder.length + 1 && folder.every((part, i) => part === "*" || part === parts[i]);
}

/** A page's key without its last segment: the key of the page it sits under. */
export function parentKey(key: string): string {
  return key.split("/").slice(0, -1).join("/");
}

/** One content page as the build found it: the data the route map is built from. */
export interface ContentPageEntry {
  key: string;
  kind: ContentKind;
  paths: Partial<Record<Locale, string>>;
  /** Former paths of this page (from `previousSlugs`), each answered with a 301 to its path now. */
  previousPaths: readonly string[];
  /** For a page that repeats another page's topic: the key of the primary page (canonical). */
  canonicalKey?: string;
}

/** An attorney as the site shows them beside their profile page, read from the profile's front matter. */
export interface AttorneyEntry {
  /** The profile's file name: the id articles name as author and images are named after. */
  slug: string;
  name: string;
  role: Record<Locale, string>;
  languages: Record<Locale, readonly string[]>;
  barAdmissions: Record<Locale, readonly string[]>;
  /** The uploaded photograph (`/images/uploads/…`), published by the image pipeline; absent: a monogram. */
  photo?: string;
}
