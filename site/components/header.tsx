import { firm, telHref } from "../../core/firm";
import { useMessages, usePath } from "../lib/locale";
import { FreeConsultationLink, LanguageSwitch, RequestInformationButton } from "./actions";
import { DesktopNav } from "./desktop-nav";
import { PhoneIcon } from "./icons";
import { SearchButton } from "./search-button";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { SmartLink } from "./smart-link";

export function Header() {
  const t = useMessages();
  const path = usePath();
  return (
    <header className="sticky top-0 z-40 border-b border-navy-100 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/90">
      <div className="mx-auto flex h-16 max-w-7xl min-[100rem]:max-w-[100rem] items-center gap-3 px-4 xl:h-20 xl:gap-2 xl:px-6">
        <SmartLink to={path("home")} className="mr-auto flex shrink-0 items-center xl:mr-2">
          {/* The link's name is its visible text, then where it leads (speech users say what they see). */}
          <Logo shieldOnlyOnSmallDesktop />
          <span className="sr-only">, {t.ui.home}</span>
        </SmartLink>

        <DesktopNav />

        <div className="ml-auto hidden items-center gap-1 xl:flex">
          <SearchButton />
          <SmartLink
            to={telHref(firm.phone)}
            className="inline-flex items-center gap-2 whitespace-nowrap rounded-md px-2 py-2 font-semibold text-navy-800 hover:bg-navy-50"
            aria-label={`${t.ui.callUs}: ${firm.phone}`}
          >
            {/* The number itself: visitors copy it, or dial it from another phone. Up to 1536 px the
                icon gives its room to the number, so the Spanish header fits 1280 px in fallback fonts. */}
            <PhoneIcon width={18} height={18} className="hidden 2xl:block" />
            <span className="text-sm">{firm.phone}</span>
          </SmartLink>
          <SmartLink
            to={firm.paymentUrl}
            className="inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-2 text-sm font-bold tracking-wide text-navy-800 underline-offset-4 hover:underline"
          >
            {t.ui.payments}
            <span className="sr-only"> {t.ui.opensInNewTab}</span>
          </SmartLink>
          <RequestInformationButton className="btn-secondary whitespace-nowrap px-3 text-sm" />
          <FreeConsultationLink className="btn-gold whitespace-nowrap px-3 text-sm" />
          <LanguageSwitch />
        </div>

        <div className="flex items-center xl:hidden">
          {/* On every phone, down to 320 px: the logo gives up its name below 404 px to make room. */}
          <SearchButton />
          <SmartLink
            to={telHref(firm.phone)}
            aria-label={`${t.ui.callUs}: ${firm.phone}`}
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-navy-800 hover:bg-navy-50"
          >
            <PhoneIcon />
          </SmartLink>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
