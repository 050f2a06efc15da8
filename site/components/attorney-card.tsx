import {
  attorneyBySlug,
  attorneyPhotoBase,
  attorneyPhotoWidths,
  profileKey,
  type Attorney,
} from "../../core/attorneys";
import { firm } from "../../core/firm";
import { formatDate } from "./page";
import { imageFile } from "../lib/images";
import { useLocale, useMessages, usePath } from "../lib/locale";
import { SmartLink } from "./smart-link";

/** list: beside the text in a card; profile: beside the text until 1024 px, then full width. */
type PortraitSize = "list" | "profile" | "thumb" | "avatar";

const portraitFrame: Record<PortraitSize, string> = {
  list: "aspect-[4/5] w-24 shrink-0 self-start rounded-lg sm:w-28",
  profile: "aspect-[4/5] w-28 shrink-0 self-start rounded-lg sm:w-36 lg:aspect-square lg:w-full lg:rounded-xl",
  thumb: "aspect-[4/5] w-20 shrink-0 self-start rounded-lg sm:w-24",
  avatar: "h-12 w-12 shrink-0 rounded-full",
};
const initialsSize: Record<PortraitSize, string> = {
  list: "text-3xl sm:text-4xl",
  profile: "text-4xl sm:text-5xl lg:text-7xl",
  thumb: "text-2xl sm:text-3xl",
  avatar: "text-base",
};
const photoSizes: Record<PortraitSize, string> = {
  list: "112px",
  profile: "(min-width: 1024px) 320px, 144px",
  thumb: "96px",
  avatar: "48px",
};

/**
 * An attorney's portrait: the real photograph once the firm has added one (see
 * docs/design-system.md, "Portraits"), otherwise an honest monogram card. Decorative either way:
 * the attorney's name is always written next to it.
 */
export function AttorneyPortrait({
  attorney,
  size,
  priority = false,
}: {
  attorney: Attorney;
  size: PortraitSize;
  priority?: boolean;
}) {
  const frame = `${portraitFrame[size]} overflow-hidden`;
  if (attorney.photo) {
    const base = attorneyPhotoBase(attorney.slug);
    const srcSet = (format: "avif" | "webp") =>
      attorneyPhotoWidths.map((w) => `${imageFile(base, w, format)} ${w}w`).join(", ");
    return (
      <picture className={`block ${frame}`}>
        <source type="image/avif" srcSet={srcSet("avif")} sizes={photoSizes[size]} />
        <source type="image/webp" srcSet={srcSet("webp")} sizes={photoSizes[size]} />
        <img
          src={imageFile(base, 400, "webp")}
          alt=""
          width={400}
          height={500}
          loading={priority ? "eager" : "lazy"}
          decoding="async"
          className="h-full w-full object-cover object-top"
        />
      </picture>
    );
  }
  return (
    <div
      aria-hidden="true"
      data-monogram={attorney.initials}
      data-pagefind-ignore=""
      className={`${frame} relative flex items-center justify-center bg-gradient-to-br from-navy-800 via-navy-900 to-navy-950`}
    >
      {size !== "avatar" && size !== "thumb" && (
        <span className="absolute inset-2.5 rounded-[inherit] border border-gold-400/40 sm:inset-3" />
      )}
      <span className={`font-serif font-semibold tracking-wide text-gold-400 ${initialsSize[size]}`}>
        {attorney.initials}
      </span>
    </div>
  );
}

/** Role, languages and bar admissions: the facts a visitor checks before trusting an attorney. */
export function AttorneyFacts({ attorney, compact = false }: { attorney: Attorney; compact?: boolean }) {
  const t = useMessages();
  const locale = useLocale();
  return (
    <dl className={`space-y-2 text-sm ${compact ? "" : "sm:text-[0.95rem]"}`}>
      <div>
        <dt className="side-label">{t.ui.languages}</dt>
        <dd className="mt-0.5 text-ink">{attorney.languages[locale].join(" · ")}</dd>
      </div>
      <div>
        <dt className="side-label">{t.ui.barAdmissions}</dt>
        <dd className="mt-0.5 text-ink">
          <ul className="space-y-0.5">
            {attorney.barAdmissions[locale].map((admission) => (
              <li key={admission}>{admission}</li>
            ))}
          </ul>
        </dd>
      </div>
    </dl>
  );
}

/** One attorney in a list: portrait first, then name, title, languages and bar admissions. */
export function AttorneyCard({ attorney, headingLevel = 3 }: { attorney: Attorney; headingLevel?: 2 | 3 }) {
  const locale = useLocale();
  const path = usePath();
  const t = useMessages();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <li className="card relative flex gap-4 sm:gap-5">
      <AttorneyPortrait attorney={attorney} size="list" />
      <div className="min-w-0">
        <Heading className="font-semibold">
          <SmartLink
            to={path(profileKey(attorney))}
            className="after:absolute after:inset-0 after:rounded-xl hover:underline"
          >
            {attorney.name}
          </SmartLink>
        </Heading>
        <p className="mt-0.5 font-medium text-gold-600">{attorney.role[locale]}</p>
        <div className="mt-3">
          <AttorneyFacts attorney={attorney} compact />
        </div>
        <p aria-hidden="true" className="mt-3 text-sm font-semibold text-navy-700">
          {t.ui.viewProfile} →
        </p>
      </div>
    </li>
  );
}

/**
 * Who answers for a practice page, and when its facts were last checked: the attorney responsible
 * for the website's content, with the portrait (the photo once the firm adds one).
 */
export function ReviewedBy({ updated }: { updated: string }) {
  const t = useMessages();
  const locale = useLocale();
  const path = usePath();
  const reviewer = attorneyBySlug(firm.responsibleAttorney);
  if (!reviewer) return null;
  return (
    <div className="mt-10 flex items-center gap-4 border-t border-navy-100 pt-6 text-sm text-slate-700">
      <AttorneyPortrait attorney={reviewer} size="avatar" />
      <p>
        {t.ui.reviewedBy}{" "}
        <SmartLink to={path(profileKey(reviewer))} className="font-semibold text-navy-800 underline underline-offset-4">
          {reviewer.name}
        </SmartLink>
        , {reviewer.role[locale]} · <time dateTime={updated}>{formatDate(updated, locale)}</time>
      </p>
    </div>
  );
}
