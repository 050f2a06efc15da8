import { useLocation, useNavigate } from "react-router";
import { otherLocale } from "../../core/locales";
import { counterpartPath } from "../../core/routes";
import { useLocale, useMessages, usePath } from "../lib/locale";
import { rememberLanguage } from "../lib/preferences";
import { GlobeIcon } from "./icons";
import { SmartLink } from "./smart-link";

export const requestInformationId = "request-information";

/** Scrolls to the page's request-information section, or opens the contact page (spec §2). */
export function useRequestInformation(): () => void {
  const navigate = useNavigate();
  const path = usePath();
  return () => {
    const section = document.getElementById(requestInformationId);
    if (section) {
      section.scrollIntoView({ behavior: "smooth", block: "start" });
      section.querySelector<HTMLElement>("input, textarea, select")?.focus({ preventScroll: true });
    } else {
      void navigate(`${path("contact")}#${requestInformationId}`);
    }
  };
}

export function LanguageSwitch({ className = "" }: { className?: string }) {
  const locale = useLocale();
  const t = useMessages();
  const { pathname } = useLocation();
  const target = otherLocale(locale);
  return (
    <SmartLink
      to={counterpartPath(pathname, target)}
      hrefLang={target}
      lang={target}
      aria-label={t.ui.switchLanguageLabel}
      onClick={() => {
        rememberLanguage(target);
        window.scrollTo(0, 0);
      }}
      className={`inline-flex items-center gap-1.5 rounded-md px-2.5 py-2 text-sm font-semibold text-navy-800 hover:bg-navy-50 ${className}`}
    >
      <GlobeIcon width={18} height={18} />
      {t.ui.switchLanguage}
    </SmartLink>
  );
}
