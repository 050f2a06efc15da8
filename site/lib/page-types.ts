import type { MetaDescriptor } from "react-router";
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

/** What a page's loader returns (built by site/content/page-data.server.ts) and its route reads. */
export interface PageView {
  key: string;
  kind: PageKind;
  locale: Locale;
  path: string;
  content: {
    html: string;
    headings: { id: string; text: string; depth: number }[];
    words: number;
    data: Record<string, unknown> & {
      title: string;
      description: string;
      h1: string;
      updated: string;
      summary?: string;
    };
  };
  seo: Seo;
  breadcrumbs: { name: string; path: string }[];
  extra: Record<string, unknown> & { related?: PageLink[] };
}

export function pageMeta({ data }: { data: unknown }): MetaDescriptor[] {
  return metaFor((data as PageView | undefined)?.seo);
}
