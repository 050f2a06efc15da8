import * as Tooltip from "@radix-ui/react-tooltip";
import { useEffect, useState, type ReactNode } from "react";
import { firm } from "../../core/firm";
import { useMessages } from "../lib/locale";
import { useRequestInformation } from "./actions";
import { ArrowUpIcon, ChatIcon, InfoIcon } from "./icons";

/** Spec §9 constants. */
export const scrollThreshold = 300;
export const chatDelayMs = 3000;

function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return past;
}

function WithTooltip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="left"
          sideOffset={8}
          className="z-50 rounded-md bg-navy-950 px-2.5 py-1.5 text-sm text-white shadow"
        >
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

const roundButton =
  "inline-flex h-12 w-12 items-center justify-center rounded-full shadow-lg focus-visible:outline-3 focus-visible:outline-offset-2";

/** Loaded after hydration (not part of the first load); timers count from the page load. */
export default function FloatingActions() {
  const t = useMessages();
  const scrolled = useScrolledPast(scrollThreshold);
  const [chatVisible, setChatVisible] = useState(false);
  const requestInformation = useRequestInformation();
  useEffect(() => {
    const timer = window.setTimeout(() => setChatVisible(true), Math.max(0, chatDelayMs - performance.now()));
    return () => window.clearTimeout(timer);
  }, []);
  const chatUrl = `https://wa.me/${firm.messagingNumber}?text=${encodeURIComponent(t.ui.chatGreeting)}`;
  return (
    <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
      <div className="pointer-events-none fixed bottom-4 right-4 z-30 flex flex-col items-end gap-3">
        {scrolled && (
          <button
            type="button"
            onClick={requestInformation}
            className="pointer-events-auto inline-flex h-12 items-center gap-2 rounded-full bg-gold-400 px-4 font-semibold text-navy-950 shadow-lg md:hidden"
            aria-label={t.ui.infoLabel}
            data-testid="info-button"
          >
            <InfoIcon /> {t.ui.info}
          </button>
        )}
        {scrolled && (
          <WithTooltip label={t.ui.scrollToTop}>
            <button
              type="button"
              aria-label={t.ui.scrollToTop}
              onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
              className={`${roundButton} pointer-events-auto bg-white text-navy-800 ring-1 ring-navy-100`}
              data-testid="scroll-top"
            >
              <ArrowUpIcon />
            </button>
          </WithTooltip>
        )}
        {chatVisible && (
          <WithTooltip label={t.ui.chat}>
            <a
              href={chatUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${t.ui.chat} ${t.ui.opensInNewTab}`}
              className={`${roundButton} pointer-events-auto bg-[#126b3a] text-white`}
              data-testid="chat-button"
            >
              <ChatIcon width={24} height={24} />
            </a>
          </WithTooltip>
        )}
      </div>
    </Tooltip.Provider>
  );
}
