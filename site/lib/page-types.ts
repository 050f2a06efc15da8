import type { MetaDescriptor } from "react-router";
import type { FrontMatter } from "../../core/content-schema";
import type { Locale } from "../../core/locales";
import type { PageKind } from "../../core/routes";
import type { Seo } from "../../core/seo";
import { metaFor } from "./meta";

export interface PageLink {
  key: string;
  path: string;
  title: string;
  summary?: string;
}

export interface ArticleCard extends PageLink {
  published: string;
  author: string;
  minutes: number;
  searchText: string;
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
