import { useLocale, useMessages } from "../lib/locale";
import { Typeset } from "./typeset";
import type { ArticleCard } from "../lib/page-types";
import { formatDate } from "./page";
import { SmartLink } from "./smart-link";

/**
 * One article as a card: when it was last reviewed (a reader judges how current it is by that),
 * reading time, title, teaser and, where asked, its author. The whole card is the link.
 */
export function ArticleCardItem({
  article,
  heading: Heading,
  showAuthor = false,
}: {
  article: ArticleCard;
  heading: "h2" | "h3";
  showAuthor?: boolean;
}) {
  const t = useMessages();
  const locale = useLocale();
  return (
    <>
      <p className="text-sm text-slate-700">
        {t.ui.updatedOn} <time dateTime={article.updated}>{formatDate(article.updated, locale)}</time> ·{" "}
        {article.minutes} {t.ui.minRead}
      </p>
      <Heading className="mt-2 font-semibold">
        <SmartLink to={article.path} className="after:absolute after:inset-0 hover:underline">
          <Typeset text={article.title} />
        </SmartLink>
      </Heading>
      <p className="mt-2 flex-1 text-[0.95rem] text-slate-700">
        <Typeset text={article.summary ?? ""} />
      </p>
      {showAuthor && (
        <p className="mt-4 text-sm font-medium text-slate-700">
          {t.ui.by} {article.author}
        </p>
      )}
    </>
  );
}
