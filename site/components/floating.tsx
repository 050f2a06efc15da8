import { useEffect, useRef, useState, type ReactNode } from "react";
import { firm } from "../../core/firm";
import { useMessages, usePath } from "../lib/locale";
import { requestInformation, requestInformationId } from "../lib/request-information";
import { ArrowUpIcon, ChatIcon, InfoIcon } from "./icons";

/** The floating buttons appear past 300 px of scrolling; the chat button 3 s after the page loads. */
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

/** Tooltip timings: shown after 700 ms of hovering, at once if another closed under 300 ms ago. */
export const tooltipDelayMs = 700;
export const tooltipSkipDelayMs = 300;
let lastTooltipClosed = -Infinity;

/**
 * A visual label beside a round button. The button carries the same text as its accessible name,
 * so the label is hidden from assistive technology.
 */
function WithTooltip({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const show = () => {
    window.clearTimeout(timer.current);
    const skip = performance.now() - lastTooltipClosed < tooltipSkipDelayMs;
    timer.current = window.setTimeout(() => setOpen(true), skip ? 0 : tooltipDelayMs);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    if (open) lastTooltipClosed = performance.now();
    setOpen(false);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <div
      className="pointer-events-auto relative"
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => event.key === "Escape" && hide()}
    >
      {children}
      {open && (
        <span
          aria-hidden="true"
          className="absolute right-full top-1/2 mr-2 -translate-y-1/2 whitespace-nowrap rounded-md bg-navy-950 px-2.5 py-1.5 text-sm text-white shadow"
        >
          {label}
        </span>
      )}
    </div>
  );
}

const roundButton =
  "inline-flex h-12 w-12 items-center justify-center rounded-full shadow-lg focus-visible:outline-3 focus-visible:outline-offset-2";

/** Loaded after hydration (not part of the first load); timers count from the page load. */
export default function FloatingActions() {
  const t = useMessages();
  const scrolled = useScrolledPast(scrollThreshold);
  const [chatVisible, setChatVisible] = useState(false);
  const path = usePath();
  useEffect(() => {
    const timer = window.setTimeout(() => setChatVisible(true), Math.max(0, chatDelayMs - performance.now()));
    return () => window.clearTimeout(timer);
  }, []);
  const chatUrl = `https://wa.me/${firm.messagingNumber}?text=${encodeURIComponent(t.ui.chatGreeting)}`;
  return (
    <>
      <div className="pointer-events-none fixed bottom-4 right-4 z-30 flex flex-col items-end gap-3">
        {scrolled && (
          <button
            type="button"
            onClick={() => requestInformation(`${path("contact")}#${requestInformationId}`)}
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
    </>
  );
}
