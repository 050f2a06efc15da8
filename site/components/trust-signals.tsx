import { attorneys } from "../../core/attorneys";
import { firm, offices, trust } from "../../core/firm";
import { useLocale, useMessages } from "../lib/locale";
import { BuildingIcon, CalendarIcon, CheckIcon, LanguagesIcon, ScaleIcon, StarIcon } from "./icons";
import { formatDate } from "./page";
import { SmartLink } from "./smart-link";

/**
 * The facts a visitor weighs in the first seconds: how long, licensed where, in which languages,
 * where. Every item comes from core/firm.ts; memberships appear once the firm lists them.
 */
export function TrustSignals({ tone = "light" }: { tone?: "light" | "dark" }) {
  const t = useMessages();
  const locale = useLocale();
  const licensed = attorneys.every((a) => a.barAdmissions.en.some((admission) => admission === "State Bar of Texas"));
  const bilingual = attorneys.some((a) => a.languages.en.some((language) => language === "Spanish"));
  const items = [
    { icon: CalendarIcon, text: `${t.ui.trustSince} ${firm.foundedYear}` },
    ...(licensed ? [{ icon: ScaleIcon, text: t.ui.trustBar }] : []),
    ...(bilingual ? [{ icon: LanguagesIcon, text: t.ui.trustLanguages }] : []),
    ...(offices.length === 4 ? [{ icon: BuildingIcon, text: t.ui.trustOffices }] : []),
    { icon: CheckIcon, text: t.ui.trustConsultation },
  ];
  const dark = tone === "dark";
  return (
    <div>
      <ul
        aria-label={t.ui.trustLabel}
        className={`grid gap-x-6 gap-y-3 text-[0.95rem] sm:grid-cols-2 lg:grid-cols-3 ${dark ? "text-navy-100" : "text-ink"}`}
      >
        {items.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-2.5">
            <Icon className={`mt-0.5 shrink-0 ${dark ? "text-gold-400" : "text-gold-600"}`} />
            <span>{text}</span>
          </li>
        ))}
      </ul>
      {trust.associations.length > 0 && (
        <p className={`mt-4 text-sm ${dark ? "text-navy-100" : "text-slate-700"}`}>
          <span className="font-semibold">{t.ui.associations}:</span>{" "}
          {trust.associations.map((a, i) => (
            <span key={a.name.en}>
              {i > 0 && " · "}
              {a.url ? (
                <SmartLink to={a.url} className="underline underline-offset-4">
                  {a.name[locale]}
                  <span className="sr-only"> {t.ui.opensInNewTab}</span>
                </SmartLink>
              ) : (
                a.name[locale]
              )}
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

/**
 * Client reviews, word for word, with the advertising notice beside them. Hidden while the firm
 * has none: reviews are never written for it.
 */
export function ClientReviews() {
  const t = useMessages();
  const locale = useLocale();
  if (trust.reviews.length === 0) return null;
  return (
    <section aria-labelledby="reviews-heading" className="bg-white py-16">
      <div className="container-page">
        <h2 id="reviews-heading" className="font-semibold">
          {t.ui.reviewsHeading}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {trust.reviews.map((review) => (
            <li key={`${review.author}-${review.date}`} className="card flex flex-col">
              {review.rating && (
                <p className="flex gap-0.5 text-gold-600">
                  {Array.from({ length: review.rating }, (_, i) => (
                    <StarIcon key={i} width={18} height={18} />
                  ))}
                  <span className="sr-only">
                    {review.rating} {t.ui.ratingOutOf}
                  </span>
                </p>
              )}
              <blockquote lang={review.locale} className="mt-3 flex-1 text-[1.0625rem] leading-relaxed text-ink">
                <p>“{review.quote}”</p>
              </blockquote>
              <p className="mt-4 text-sm text-slate-700">
                <span className="font-semibold text-ink">{review.author}</span>, {t.ui.reviewOn} {review.source} ·{" "}
                <time dateTime={review.date}>{formatDate(review.date, locale)}</time>
              </p>
            </li>
          ))}
        </ul>
        <p className="mt-6 max-w-3xl text-sm text-slate-700">{t.ui.reviewsDisclaimer}</p>
      </div>
    </section>
  );
}
