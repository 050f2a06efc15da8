import * as Accordion from "@radix-ui/react-accordion";
import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { attorney } from "../../core/attorneys";
import { firm, telHref } from "../../core/firm";
import { careersMenuItem, mobileMenuExtras, navTitle, ourFirmMenu, practiceGroups } from "../../core/navigation";
import { contactFormHref } from "../../core/page-topic";
import { isSurvivorPage } from "../../core/survivor-pages";
import { urgentPathKey } from "../../core/urgent-path";
import { useLocale, useMessages, usePath, usePathname } from "../lib/locale";
import { freeConsultation, requestInformation, requestInformationId } from "../lib/request-information";
import { LanguageSwitch } from "./actions";
import { ChevronDownIcon, CloseIcon, PhoneIcon } from "./icons";
import { AttorneyPortrait } from "./attorney-card";
import { QuickExitButton } from "./quick-exit";
import { SiteSearch } from "./site-search";
import { SmartLink } from "./smart-link";

const itemClass = "block rounded-md px-3 py-3 text-base font-medium text-ink hover:bg-navy-50";
const subItemClass = "flex min-h-11 items-center rounded-md px-3 py-2 text-[0.95rem] text-ink hover:bg-navy-50";

/** The navy band: the founder's face and role, the survivor pages' quick exit, and the close button. */
function MenuHeader() {
  const locale = useLocale();
  const t = useMessages();
  const founder = attorney(firm.responsibleAttorney);
  // The open menu covers the page's quick-exit strip: it carries its own button, in the same place.
  const survivorPage = isSurvivorPage(usePathname());
  return (
    <div className="flex items-center gap-3 bg-navy-900 p-4 text-white">
      <span className="rounded-full ring-2 ring-gold-400">
        <AttorneyPortrait attorney={founder} size="avatar" />
      </span>
      <div className="mr-auto">
        {/* Headings are navy on white pages; this one sits on the navy band. */}
        <Dialog.Title className="font-serif text-lg font-semibold text-white">{firm.shortName}</Dialog.Title>
        {/* Who the face is: a name alone says nothing to someone who has not met her. */}
        <p className="text-sm text-navy-100">
          {founder.name}, {founder.role[locale]}
        </p>
      </div>
      {survivorPage && <QuickExitButton />}
      <Dialog.Close
        className="inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-white/10"
        aria-label={t.ui.closeMenu}
      >
        <CloseIcon width={24} height={24} />
      </Dialog.Close>
    </div>
  );
}

/** What a visitor came to do: the consultation, a call, a question; the urgent path, search and the other language. */
function MenuActions({ close }: { close: () => void }) {
  const t = useMessages();
  const path = usePath();
  const pathname = usePathname();
  return (
    <>
      <div className="grid grid-cols-2 gap-2 p-4">
        <button
          type="button"
          className="btn-gold col-span-2 justify-center text-base"
          onClick={() => {
            close();
            window.setTimeout(() => freeConsultation(path("schedule")), 50);
          }}
        >
          {t.ui.freeConsultation}
        </button>
        <SmartLink to={telHref(firm.phone)} onClick={close} className="btn-secondary justify-center">
          <PhoneIcon width={18} height={18} /> {t.ui.callNow}
        </SmartLink>
        <button
          type="button"
          className="btn-secondary justify-center"
          onClick={() => {
            close();
            window.setTimeout(
              () => requestInformation(contactFormHref(path("contact"), requestInformationId, pathname)),
              50,
            );
          }}
        >
          {t.ui.requestInformation}
        </button>
      </div>
      <div className="px-4 pb-3">
        <SmartLink
          to={path(urgentPathKey)}
          onClick={close}
          className="flex min-h-11 items-center rounded-md border-2 border-gold-400 px-3 py-2 font-semibold text-navy-900"
        >
          {t.urgent.linkTitle}
        </SmartLink>
      </div>
      <div className="px-4 pb-2">
        <SiteSearch />
      </div>
      <div className="px-4">
        <LanguageSwitch className="w-full justify-center border border-navy-100" onClick={close} />
      </div>
    </>
  );
}

/** A section of the menu that opens in place: its title, and its links below when open. */
function MenuSection({ value, title, children }: { value: string; title: string; children: ReactNode }) {
  return (
    <Accordion.Item value={value}>
      <Accordion.Header className="font-sans">
        <Accordion.Trigger className={`${itemClass} group flex w-full items-center justify-between text-left`}>
          {title}
          <ChevronDownIcon className="transition-transform group-data-[state=open]:rotate-180" />
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content className="pb-2 pl-3">{children}</Accordion.Content>
    </Accordion.Item>
  );
}

/** The site's pages: practice areas by group and the firm's pages open in place, the rest are links. */
function MenuNavigation({ close }: { close: () => void }) {
  const locale = useLocale();
  const t = useMessages();
  const path = usePath();
  return (
    <nav aria-label={t.ui.menuTitle} className="p-4">
      <SmartLink to={path("home")} onClick={close} className={itemClass}>
        {t.ui.home}
      </SmartLink>
      <Accordion.Root type="single" collapsible>
        <MenuSection value="practice" title={t.ui.practiceAreas}>
          {practiceGroups.map((group) => (
            <div key={group.slug} className="mt-2">
              <p className="px-3 text-xs font-semibold uppercase tracking-wider text-slate-600">
                {navTitle[locale](group)}
              </p>
              {group.items.slice(0, 4).map((item) => (
                <SmartLink key={item.key} to={path(item.key)} onClick={close} className={subItemClass}>
                  {navTitle[locale](item)}
                </SmartLink>
              ))}
            </div>
          ))}
          {/* Pages phone visitors asked for that the menu groups leave out. */}
          <div className="mt-2">
            {mobileMenuExtras.map((item) => (
              <SmartLink key={item.key} to={path(item.key)} onClick={close} className={subItemClass}>
                {navTitle[locale](item)}
              </SmartLink>
            ))}
          </div>
          <SmartLink
            to={path("practice-areas")}
            onClick={close}
            className={`${subItemClass} font-semibold text-navy-700`}
          >
            {t.ui.viewAll}
          </SmartLink>
        </MenuSection>
        <MenuSection value="firm" title={t.ui.ourFirm}>
          {[...ourFirmMenu, careersMenuItem].map((item) => (
            <SmartLink key={item.key} to={path(item.key)} onClick={close} className={subItemClass}>
              {t.ui[item.label] as string}
            </SmartLink>
          ))}
        </MenuSection>
      </Accordion.Root>
      <SmartLink to={path("blog")} onClick={close} className={itemClass}>
        {t.ui.blog}
      </SmartLink>
      <SmartLink to={path("contact")} onClick={close} className={itemClass}>
        {t.ui.contact}
      </SmartLink>
      <SmartLink to={path("our-firm/locations")} onClick={close} className={itemClass}>
        {t.ui.locations}
      </SmartLink>
      <SmartLink to={path("payment")} onClick={close} className={itemClass}>
        {t.ui.paymentsLink}
      </SmartLink>
    </nav>
  );
}

/** The slide-in mobile menu, loaded when first needed. Focus is trapped; Escape closes. */
export default function MobileMenuPanel({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: () => void;
}) {
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/50 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-screen-sm flex-col overflow-y-auto bg-white shadow-2xl data-[state=open]:animate-slide-in"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <MenuHeader />
          <MenuActions close={close} />
          <MenuNavigation close={close} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
