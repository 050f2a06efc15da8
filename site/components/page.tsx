import type { ReactNode } from "react";
import { Typeset } from "./typeset";
import { useLocale, useMessages } from "../lib/locale";
import { localeConfig, type Locale } from "../../core/locales";
import type { PageLink, PageView } from "../lib/page-types";
import { ArrowRightIcon, ChevronLeftIcon, ChevronRightIcon } from "./icons";
import { SmartLink } from "./smart-link";
import { searchAliasAttributes } from "../lib/search-index";
import { showsUrgentPath } from "../../core/urgent-path";
import { UrgentPathLink } from "./urgent-path";

export function formatDate(iso: string, locale: Locale): string {
  const [y, m, d] = iso.split("-").map(Number);
  return new Intl.DateTimeFormat(localeConfig[locale].intl, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1, d ?? 1)),
  );
}

/** The trail from home; on phones only the parent shows, as one full-size "back" link. */
export function Breadcrumbs({ trail }: { trail: PageView["breadcrumbs"] }) {
  const t = useMessages();
  if (trail.length < 2) return null;
  const parent = trail.length - 2;
  return (
    <nav aria-label={t.ui.breadcrumb} className="text-sm" data-pagefind-ignore="">
      <ol className="flex flex-wrap items-center gap-x-2 text-navy-100">
        {trail.map((item, index) => (
          <li key={item.path} className={`items-center gap-2 ${index === parent ? "flex" : "hidden sm:flex"}`}>
            {index > 0 && (
              <span aria-hidden="true" className="hidden sm:inline">
                /
              </span>
            )}
            {index === trail.length - 1 ? (
              <span aria-current="page" className="text-white">
                {item.name}
              </span>
            ) : (
              <SmartLink
                to={item.path}
                className="tap-link -ml-1 px-1 hover:text-white hover:underline sm:ml-0 sm:px-0"
              >
                {index === parent && <ChevronLeftIcon width={16} height={16} className="sm:hidden" />}
                {item.name}
              </SmartLink>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * The page's title block. `leadFromTablet`: a page that opens with its own summary (a practice
 * page's "At a glance") leaves the lead paragraph to screens from 640 px, so that on a phone the
 * summary, which says the same and more, is on the first screen.
 */
export function PageHeader({
  page,
  eyebrow,
  children,
  leadFromTablet = false,
}: {
  page: PageView;
  eyebrow?: string;
  children?: ReactNode;
  leadFromTablet?: boolean;
}) {
  const lead = page.content.data.summary;
  return (
    <div className="bg-navy-900 text-white">
      <div className="container-page py-8 sm:py-10 lg:py-14">
        <Breadcrumbs trail={page.breadcrumbs} />
        {eyebrow && (
          // The section's name ("Practice Areas", "Blog") is the same on every page of it: left out of
          // the search's index, it neither opens every result's snippet nor matches every query.
          <p
            className="mt-4 text-sm font-semibold uppercase tracking-[0.14em] text-gold-400 sm:mt-6"
            data-pagefind-ignore=""
          >
            {eyebrow}
          </p>
        )}
        <h1
          className="mt-2 max-w-4xl text-[2rem] leading-tight font-semibold text-white sm:mt-3 sm:text-5xl"
          {...searchAliasAttributes(page.content.data.h1)}
        >
          <Typeset text={page.content.data.h1} />
        </h1>
        {lead && (
          <p className={`mt-4 max-w-3xl text-lg text-navy-100${leadFromTablet ? " hidden sm:block" : ""}`}>
            <Typeset text={lead} />
          </p>
        )}
        {showsUrgentPath({ key: page.key, kind: page.kind, topics: page.content.data.topics }) && <UrgentPathLink />}
        {children}
      </div>
    </div>
  );
}

/** Rendered Markdown: real links and headings, readable without any script. */
export function Prose({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`prose-page ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * The date the page's facts were reviewed and, unless `disclaimer={false}`, the "general
 * information, not legal advice" notice. Every Markdown page now ends with that notice in its own
 * words, so the routes show the date only; the notice here is for pages without such text.
 */
export function GeneralInfoNote({ updated, disclaimer = true }: { updated?: string; disclaimer?: boolean }) {
  const t = useMessages();
  const locale = useLocale();
  if (!disclaimer && !updated) return null;
  const date = updated && (
    <p className={disclaimer ? "mt-2 text-slate-700" : ""}>
      {t.ui.lastReviewed} <time dateTime={updated}>{formatDate(updated, locale)}</time>
    </p>
  );
  if (!disclaimer) return <div className="mt-8 border-t border-navy-100 pt-4 text-sm text-slate-700">{date}</div>;
  return (
    <aside aria-label={t.ui.noticeLabel} className="card-muted mt-10 text-sm text-ink">
      <p>{t.ui.generalInfo}</p>
      {date}
    </aside>
  );
}

/** Cards with a title, summary and "Learn more". `compactOnPhone` drops the summaries below 640 px. */
export function LinkCards({
  items,
  headingLevel = 3,
  compactOnPhone = false,
}: {
  items: PageLink[];
  headingLevel?: 2 | 3;
  compactOnPhone?: boolean;
}) {
  const t = useMessages();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3">
      {items.map((item) => (
        <li
          key={item.key}
          className="group relative flex flex-col rounded-xl border border-navy-100 bg-white p-5 shadow-sm transition hover:border-navy-300 hover:shadow-md sm:p-6"
        >
          <Heading className="font-semibold">
            <SmartLink
              to={item.path}
              className="after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-navy-700"
            >
              <Typeset text={item.title} />
            </SmartLink>
          </Heading>
          {item.summary && (
            <p className={`mt-2 flex-1 text-[0.95rem] text-slate-700 ${compactOnPhone ? "hidden sm:block" : ""}`}>
              <Typeset text={item.summary} />
            </p>
          )}
          <span
            aria-hidden="true"
            className={`mt-4 items-center gap-1 text-sm font-semibold text-navy-700 ${compactOnPhone ? "hidden sm:inline-flex" : "inline-flex"}`}
          >
            {t.ui.learnMore} <ArrowRightIcon width={16} height={16} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A compact list of links in rows (44 px each): scannable on a phone where cards would not be.
 * `columns` sets the grid columns per breakpoint (Tailwind classes).
 */
export function LinkList({ items, columns = "sm:grid-cols-2" }: { items: PageLink[]; columns?: string }) {
  return (
    <ul className={`grid gap-x-8 ${columns}`}>
      {items.map((item) => (
        <li key={item.key}>
          <SmartLink to={item.path} className="link-row">
            <span>
              <Typeset text={item.title} />
            </span>
            <ChevronRightIcon width={18} height={18} className="shrink-0 text-navy-300" />
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}

export function RelatedLinks({ items, title }: { items: PageLink[] | undefined; title: string }) {
  if (!items?.length) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-12" data-pagefind-ignore="">
      <h2 id="related-heading" className="mb-5 font-semibold">
        {title}
      </h2>
      <LinkCards items={items} />
    </section>
  );
}

/**
 * The body of a page: the text, and optionally a sidebar (an `<aside>` named by `asideLabel`).
 * - `asideFirst`: the sidebar comes first on phones (a profile, the nearest office) and moves to
 *   the right from 1024 px; otherwise it follows the text on phones.
 * - `sticky`: on desktop the sidebar stays below the header while the visitor reads (for
 *   sidebars shorter than the screen: a table of contents and a call to action).
 */
export function PageBody({
  children,
  aside,
  asideLabel,
  asideFirst = false,
  sticky = true,
}: {
  children: ReactNode;
  aside?: ReactNode;
  asideLabel?: string;
  asideFirst?: boolean;
  sticky?: boolean;
}) {
  const sidebar = aside && (
    <aside
      aria-label={asideLabel}
      className={`space-y-6 lg:col-start-2 lg:row-start-1 lg:self-start ${sticky ? "lg:sticky-below-header lg:overflow-y-auto lg:overscroll-contain" : ""}`}
    >
      {aside}
    </aside>
  );
  return (
    <div className="container-page py-10 lg:py-16">
      {aside ? (
        <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-12 xl:grid-cols-[minmax(0,1fr)_22rem]">
          {asideFirst && sidebar}
          <div className="min-w-0 lg:col-start-1 lg:row-start-1">{children}</div>
          {!asideFirst && sidebar}
        </div>
      ) : (
        <div className="mx-auto max-w-3xl">{children}</div>
      )}
    </div>
  );
}
