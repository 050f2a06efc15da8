import * as NavigationMenu from "@radix-ui/react-navigation-menu";
import { useLayoutEffect, useRef, useState } from "react";
import { navTitle, ourFirmMenu, practiceGroups } from "../../core/navigation";
import { urgentPathKey } from "../../core/urgent-path";
import { useLocale, useMessages, usePath } from "../lib/locale";
import { linkClass, triggerClass } from "./desktop-nav-classes";
import { ChevronDownIcon } from "./icons";
import { SmartLink } from "./smart-link";

/**
 * The desktop menu, labelled Main. A submenu opens after 200 ms of hover (a pointer crossing the
 * bar opens nothing), moving between triggers within 300 ms skips the delay, and it closes 150 ms
 * after the pointer leaves, so a diagonal move toward a submenu does not close it.
 */
export default function DesktopNavMenu({ initialValue }: { initialValue?: string }) {
  const locale = useLocale();
  const t = useMessages();
  const path = usePath();
  const [value, setValue] = useState(initialValue ?? "");
  const root = useRef<HTMLElement>(null);
  const firmTrigger = useRef<HTMLButtonElement>(null);
  // The panels share one viewport. The wide practice panel starts under the menu; the short
  // Our Firm list opens under its own trigger, where the pointer and the eye already are.
  const [panelLeft, setPanelLeft] = useState(0);
  useLayoutEffect(() => {
    const trigger = firmTrigger.current;
    const nav = root.current;
    if (value !== "firm" || !trigger || !nav) return setPanelLeft(0);
    setPanelLeft(trigger.getBoundingClientRect().left - nav.getBoundingClientRect().left);
  }, [value]);
  return (
    <NavigationMenu.Root
      ref={root}
      aria-label={t.ui.mainNav}
      value={value}
      onValueChange={setValue}
      delayDuration={200}
      skipDelayDuration={300}
      className="relative hidden xl:block"
    >
      <NavigationMenu.List className="flex items-center gap-0.5">
        <NavigationMenu.Item>
          <NavigationMenu.Link asChild>
            <SmartLink to={path("home")} className={linkClass}>
              {t.ui.home}
            </SmartLink>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
        <NavigationMenu.Item value="practice">
          <NavigationMenu.Trigger className={triggerClass}>
            {t.ui.practiceAreas}
            <ChevronDownIcon
              width={16}
              height={16}
              className="transition-transform group-data-[state=open]:rotate-180"
            />
          </NavigationMenu.Trigger>
          <NavigationMenu.Content className="w-[min(56rem,calc(100vw-2rem))] p-6">
            <div className="grid grid-cols-4 gap-6">
              {practiceGroups.map((group) => (
                <div key={group.slug}>
                  <p className="mb-2 font-serif text-base font-semibold text-navy-800">{navTitle[locale](group)}</p>
                  <ul className="space-y-1">
                    {group.items.slice(0, 4).map((item) => (
                      <li key={item.key}>
                        <NavigationMenu.Link asChild>
                          <SmartLink
                            to={path(item.key)}
                            className="block rounded px-2 py-1.5 text-sm text-ink hover:bg-navy-50 hover:text-navy-800"
                          >
                            {navTitle[locale](item)}
                          </SmartLink>
                        </NavigationMenu.Link>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
            <div className="mt-5 flex flex-wrap items-center justify-between gap-4">
              <NavigationMenu.Link asChild>
                <SmartLink
                  to={path("practice-areas")}
                  className="inline-flex items-center gap-1 text-sm font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900"
                >
                  {t.ui.viewAll}
                </SmartLink>
              </NavigationMenu.Link>
              {/* In the panel, not the bar: the Spanish bar has no room for another item at 1280 px. */}
              <NavigationMenu.Link asChild>
                <SmartLink
                  to={path(urgentPathKey)}
                  className="rounded-md border-2 border-gold-400 px-3 py-1.5 text-sm font-semibold text-navy-900 hover:bg-gold-100"
                >
                  {t.urgent.linkTitle}
                </SmartLink>
              </NavigationMenu.Link>
            </div>
          </NavigationMenu.Content>
        </NavigationMenu.Item>
        <NavigationMenu.Item value="firm">
          <NavigationMenu.Trigger ref={firmTrigger} className={triggerClass}>
            {t.ui.ourFirm}
            <ChevronDownIcon
              width={16}
              height={16}
              className="transition-transform group-data-[state=open]:rotate-180"
            />
          </NavigationMenu.Trigger>
          <NavigationMenu.Content className="w-60 p-3">
            <ul className="space-y-1">
              {ourFirmMenu.map((item) => (
                <li key={item.key}>
                  <NavigationMenu.Link asChild>
                    <SmartLink
                      to={path(item.key)}
                      className="block rounded px-3 py-2 text-sm text-ink hover:bg-navy-50 hover:text-navy-800"
                    >
                      {t.ui[item.label] as string}
                    </SmartLink>
                  </NavigationMenu.Link>
                </li>
              ))}
            </ul>
          </NavigationMenu.Content>
        </NavigationMenu.Item>
        <NavigationMenu.Item>
          <NavigationMenu.Link asChild>
            <SmartLink to={path("blog")} className={linkClass}>
              {t.ui.blog}
            </SmartLink>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
        <NavigationMenu.Item>
          <NavigationMenu.Link asChild>
            <SmartLink to={path("contact")} className={linkClass}>
              {t.ui.contact}
            </SmartLink>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
      </NavigationMenu.List>
      <div className="absolute top-full flex justify-start pt-2" style={{ left: panelLeft }}>
        <NavigationMenu.Viewport className="origin-top-left overflow-hidden rounded-xl border border-navy-100 bg-white shadow-xl data-[state=closed]:hidden" />
      </div>
    </NavigationMenu.Root>
  );
}
