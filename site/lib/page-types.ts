import { offices, type OfficeChoice } from "../../core/firm";
import type { MetaDescriptor } from "react-router";
import type { FrontMatter } from "../../core/content-schema";
import type { Locale } from "../../core/locales";
import type { PageKind } from "../../core/routes";
import type { Seo } from "../../core/seo";
import { metaFor } from "./meta";

export type Pay = FrontMatter<"job">["pay"];
export type EmploymentType = FrontMatter<"job">["employmentType"];

export interface PageLink {
  key: string;
  path: string;
  title: string;
  summary?: string;
}

/** An open position as the careers page lists it: where, how and for how much, and the way to apply. */
export interface JobCard extends PageLink {
  office: string;
  employmentType: EmploymentType;
  pay: Pay;
}

export interface ArticleCard extends PageLink {
  published: string;
  /** When its facts were last reviewed: what a reader needs to judge how current it is. */
  updated: string;
  author: string;
  minutes: number;
  /** The practice area it belongs to (the category of its first related practice page). */
  topic?: PageLink;
}

/**
 * What a page's loader returns and its route reads: the page's front matter with the type its
 * kind's schema gives it, and the extras (`extra`) that route's loader builds for it.
 */
export interface PageView<K extends PageKind = PageKind, Extra extends object = object> {
  key: string;
  kind: K;
  locale: Locale;
  path: string;
  content: {
    html: string;
    headings: { id: string; text: string; depth: number }[];
    words: number;
    data: FrontMatter<K>;
  };
  seo: Seo;
  breadcrumbs: { name: string; path: string }[];
  extra: Extra & { related: PageLink[] };
}

/** Every content route's meta: the head tags its loader computed. */
export function pageMeta({ loaderData }: { loaderData: { seo: Seo } | undefined }): MetaDescriptor[] {
  return metaFor(loaderData?.seo);
}

/**
 * The kinds of page the site search finds: those someone looks for by topic. Lists of other pages
 * (home, blog index, sitemap) and pages that are only a form or a video wall would crowd them out.
 */
const searchedKinds: readonly PageKind[] = [
  "practice",
  "practice-category",
  "practice-index",
  "article",
  "faqs",
  "city",
  "firm",
  "attorney",
  "locations",
  "careers",
  "job",
  "areas-we-serve",
  "immigration-law",
  "legal",
  "contact",
  "fees",
  "urgent",
];

/**
 * Whether a route's loader data is a page the site search indexes. A page whose canonical is
 * another page (the marriage green card listed under two categories) is not: search lists each
 * page once, at its canonical address.
 */
export function isSearchedPage(data: unknown): boolean {
  if (typeof data !== "object" || data === null || !("kind" in data)) return false;
  if (!searchedKinds.some((kind) => kind === data.kind)) return false;
  if (!("seo" in data) || !("path" in data) || typeof data.path !== "string") return true;
  const { seo } = data;
  const canonical =
    typeof seo === "object" && seo !== null && "canonical" in seo && typeof seo.canonical === "string"
      ? seo.canonical
      : undefined;
  return canonical === undefined || new URL(canonical).pathname === data.path;
}

/** The office a city page names as nearest: its consultation form chooses it for the visitor. */
export function nearestOfficeChoice(data: unknown): OfficeChoice | undefined {
  if (typeof data !== "object" || data === null || !("extra" in data)) return undefined;
  const { extra } = data;
  if (typeof extra !== "object" || extra === null || !("office" in extra)) return undefined;
  return offices.find((office) => office.id === extra.office)?.choice;
}
