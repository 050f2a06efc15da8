import type { ReactNode } from "react";
import { useLocale, useMessages } from "../lib/locale";
import type { PageLink, PageView } from "../lib/page-types";
import { ArrowRightIcon } from "./icons";
import { SmartLink } from "./smart-link";

export function formatDate(iso: string, locale: "en" | "es"): string {
  const [y, m, d] = iso.split("-").map(Number);
  return new Intl.DateTimeFormat(locale === "es" ? "es-US" : "en-US", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1, d ?? 1)),
  );
}

export function Breadcrumbs({ trail }: { trail: PageView["breadcrumbs"] }) {
  const t = useMessages();
  if (trail.length < 2) return null;
  return (
    <nav aria-label={t.ui.breadcrumb} className="text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-navy-100">
        {trail.map((item, index) => (
          <li key={item.path} className="flex items-center gap-2">
            {index > 0 && <span aria-hidden="true">/</span>}
            {index === trail.length - 1 ? (
              <span aria-current="page" className="text-white">
                {item.name}
              </span>
            ) : (
              <SmartLink to={item.path} className="hover:text-white hover:underline">
                {item.name}
              </SmartLink>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function PageHeader({ page, eyebrow, children }: { page: PageView; eyebrow?: string; children?: ReactNode }) {
  const lead = page.content.data.summary;
  return (
    <div className="bg-navy-900 text-white">
      <div className="container-page py-10 lg:py-14">
        <Breadcrumbs trail={page.breadcrumbs} />
        {eyebrow && <p className="mt-6 text-sm font-semibold uppercase tracking-[0.14em] text-gold-400">{eyebrow}</p>}
        <h1 className="mt-3 max-w-4xl text-4xl font-semibold text-white sm:text-5xl">{page.content.data.h1}</h1>
        {lead && <p className="mt-4 max-w-3xl text-lg text-navy-100">{lead}</p>}
        {children}
      </div>
    </div>
  );
}

/** Rendered Markdown: real links and headings, readable without any script. */
export function Prose({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`prose-page ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function GeneralInfoNote({ updated }: { updated?: string }) {
  const t = useMessages();
  const locale = useLocale();
  return (
    <aside className="mt-10 rounded-xl border border-navy-100 bg-navy-50 p-5 text-sm text-ink">
      <p>{t.ui.generalInfo}</p>
      {updated && (
        <p className="mt-2 text-slate-700">
          {t.ui.lastReviewed} <time dateTime={updated}>{formatDate(updated, locale)}</time>
        </p>
      )}
    </aside>
  );
}

export function LinkCards({ items, headingLevel = 3 }: { items: PageLink[]; headingLevel?: 2 | 3 }) {
  const t = useMessages();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li
          key={item.key}
          className="group relative flex flex-col rounded-xl border border-navy-100 bg-white p-6 shadow-sm transition hover:border-navy-200 hover:shadow-md"
        >
          <Heading className="text-xl font-semibold">
            <SmartLink
              to={item.path}
              className="after:absolute after:inset-0 hover:underline focus-visible:outline-none"
            >
              {item.title}
            </SmartLink>
          </Heading>
          {item.summary && <p className="mt-2 flex-1 text-[0.95rem] text-slate-700">{item.summary}</p>}
          <span aria-hidden="true" className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-navy-700">
            {t.ui.learnMore} <ArrowRightIcon width={16} height={16} />
          </span>
        </li>
      ))}
    </ul>
  );
}

export function RelatedLinks({ items, title }: { items: PageLink[] | undefined; title: string }) {
  if (!items?.length) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-12">
      <h2 id="related-heading" className="mb-5 text-2xl font-semibold">
        {title}
      </h2>
      <LinkCards items={items} />
    </section>
  );
}

export function PageBody({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="container-page py-12 lg:py-16">
      {aside ? (
        <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0">{children}</div>
          <aside className="space-y-6">{aside}</aside>
        </div>
      ) : (
        <div className="mx-auto max-w-3xl">{children}</div>
      )}
    </div>
  );
}
