import { firm } from "../../core/firm";
import { useMessages, usePath } from "../lib/locale";
import { requestInformationId } from "../lib/request-information";
import { behaviour } from "../islands/behaviours";
import { ArrowUpIcon, ChatIcon, InfoIcon } from "./icons";

/**
 * The floating buttons. Prerendered hidden; the page's own small script shows the Info and
 * scroll-to-top buttons past 300 px of scrolling, the chat button 3 s after load, and the labels
 * on hover (see site/islands/dock.ts). No framework code runs for them.
 *
 * They form one dock: a single row in the bottom-right corner (48 px tall, so it covers one line
 * at most; the footer leaves room for it), which steps aside while a form is on screen or a field
 * has focus.
 */
const roundButton =
  "pointer-events-auto inline-flex h-12 w-12 items-center justify-center rounded-full shadow-lg focus-visible:outline-3 focus-visible:outline-offset-2";
const tooltipClass =
  "pointer-events-none absolute bottom-full right-0 mb-2 whitespace-nowrap rounded-md bg-navy-950 px-2.5 py-1.5 text-sm text-white shadow";
/** Stepping aside (see site/islands/dock.ts): slides down and out of sight, out of the focus order. */
export const stepAsideClass =
  "transition-[opacity,visibility,translate] duration-200 data-[away]:invisible data-[away]:translate-y-4 data-[away]:opacity-0";

function Tooltip({ label }: { label: string }) {
  // The button carries the same words as its accessible name: the label is for sighted pointer users.
  return (
    <span aria-hidden="true" hidden {...{ [behaviour.tooltip]: "" }} className={tooltipClass}>
      {label}
    </span>
  );
}

export function FloatingActions({ chat = true }: { chat?: boolean }) {
  const t = useMessages();
  const path = usePath();
  const chatUrl = `https://wa.me/${firm.messagingNumber}?text=${encodeURIComponent(t.ui.chatGreeting)}`;
  return (
    <aside
      aria-label={t.ui.quickActions}
      {...{ [behaviour.dock]: "" }}
      className={`pointer-events-none fixed bottom-3 right-3 z-30 flex items-end gap-2 sm:bottom-4 sm:right-4 ${stepAsideClass}`}
    >
      <button
        type="button"
        hidden
        {...{
          [behaviour.afterScroll]: "",
          [behaviour.requestInformation]: `${path("contact")}#${requestInformationId}`,
        }}
        className="pointer-events-auto inline-flex h-12 items-center gap-2 rounded-full bg-gold-400 px-4 font-semibold text-navy-950 shadow-lg md:hidden"
        aria-label={t.ui.infoLabel}
        data-testid="info-button"
      >
        <InfoIcon /> {t.ui.info}
      </button>
      <span className="relative" hidden {...{ [behaviour.afterScroll]: "" }}>
        <button
          type="button"
          aria-label={t.ui.scrollToTop}
          {...{ [behaviour.scrollTop]: "" }}
          className={`${roundButton} bg-white text-navy-800 ring-1 ring-navy-100`}
          data-testid="scroll-top"
        >
          <ArrowUpIcon />
        </button>
        <Tooltip label={t.ui.scrollToTop} />
      </span>
      {chat && (
        <span className="relative" hidden {...{ [behaviour.chat]: "" }}>
          <a
            href={chatUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${t.ui.chat} ${t.ui.opensInNewTab}`}
            className={`${roundButton} bg-[#126b3a] text-white`}
            data-testid="chat-button"
          >
            <ChatIcon width={24} height={24} />
          </a>
          <Tooltip label={t.ui.chat} />
        </span>
      )}
    </aside>
  );
}
