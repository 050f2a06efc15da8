import type { ReactNode } from "react";
import { alternates, localeConfig, type Locale } from "../../core/locales";
import { contactFormHref } from "../../core/page-topic";
import { closestCounterpart } from "../../core/navigation";
import { counterpartPath, pageByPath, pathOf } from "../../core/routes";
import { useLocale, useMessages, usePath, usePathname } from "../lib/locale";
import { requestInformationId } from "../lib/request-information";
import { behaviour } from "../islands/behaviours";
import { GlobeIcon } from "./icons";
import { SmartLink } from "./smart-link";

/**
 * Leads to the page's request-information section, or to the contact page's one when this page
 * has none. The page's own small script handles it, so it works before any island hydrates.
 */
export function RequestInformationButton({ className }: { className: string }) {
  const t = useMessages();
  const path = usePath();
  return (
    <button
      type="button"
      {...{ [behaviour.requestInformation]: contactFormHref(path("contact"), requestInformationId, usePathname()) }}
      className={className}
    >
      {t.ui.requestInformation}
    </button>
  );
}

/**
 * The primary action, one name in each language: the scheduling page, or this page's own
 * consultation form when it has one (the page's small script decides, before any island hydrates).
 */
export function FreeConsultationLink({
  className,
  onClick,
  children,
}: {
  className: string;
  onClick?: () => void;
  children?: ReactNode;
}) {
  const t = useMessages();
  const path = usePath();
  return (
    <SmartLink to={path("schedule")} {...{ [behaviour.freeConsultation]: "" }} onClick={onClick} className={className}>
      {children ?? t.ui.freeConsultation}
    </SmartLink>
  );
}

/** The same page in each other language; choosing one stores the preference. */
export function LanguageSwitch(props: { className?: string; onClick?: () => void }) {
  return alternates(useLocale()).map((target) => <LanguageLink key={target} target={target} {...props} />);
}

function LanguageLink({
  target,
  className = "",
  onClick,
}: {
  target: Locale;
  className?: string;
  onClick?: () => void;
}) {
  const t = useMessages();
  const pathname = usePathname();
  // A page with no counterpart says so, and leads to the closest page in the target language.
  const found = pageByPath(pathname);
  const alone = found !== undefined && !found.page.paths[target];
  const to = alone ? pathOf(closestCounterpart[found.page.key] ?? "home", target) : counterpartPath(pathname, target);
  // In the target's words: the reader who looks for that language reads it.
  const words = t.invitations[target];
  const label = alone ? words?.noCounterpart : words?.switchLabel;
  return (
    <SmartLink
      to={to}
      hrefLang={target}
      lang={target}
      aria-label={label}
      {...(alone && label ? { title: label } : {})}
      {...{ [behaviour.languageSwitch]: "" }}
      onClick={onClick}
      className={`inline-flex min-h-11 items-center gap-1.5 rounded-md px-2.5 py-2 text-sm font-semibold text-navy-800 hover:bg-navy-50 ${className}`}
    >
      <GlobeIcon width={18} height={18} />
      {localeConfig[target].name}
    </SmartLink>
  );
}
