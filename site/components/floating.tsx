import { firm, telHref } from "../../core/firm";
import { useMessages } from "../lib/locale";
import { behaviour } from "../islands/behaviours";
import { FreeConsultationLink } from "./actions";
import { ArrowUpIcon, ChatIcon, PhoneIcon } from "./icons";
import { SmartLink } from "./smart-link";

/**
 * The floating buttons. Prerendered hidden; the page's own small script shows the phone bar and
 * the scroll-to-top button past 300 px of scrolling, the chat button 3 s after load, and the
 * labels on hover (see site/islands/dock.ts). No framework code runs for them.
 *
 * They form one dock: a single row along the bottom (48 px tall, so it covers one line at most;
 * the footer leaves room for it), which steps aside while a form is on screen or a field has
 * focus. On phones the row starts with the bar of the two things a visitor does next: call, or
 * ask for the free consultation (the specification's mobile-only floating button, see decision
 * 0020). Nothing else floats in that row, so no two floating things can overlap.
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
  const chatUrl = `https://wa.me/${firm.messagingNumber}?text=${encodeURIComponent(t.ui.chatGreeting)}`;
  return (
    <aside
      aria-label={t.ui.quickActions}
      {...{ [behaviour.dock]: "" }}
      className={`pointer-events-none fixed inset-x-3 bottom-3 z-30 flex items-end justify-end gap-2 sm:inset-x-4 sm:bottom-4 md:left-auto ${stepAsideClass}`}
    >
      <div
        hidden
        {...{ [behaviour.afterScroll]: "" }}
        className="pointer-events-auto flex h-12 min-w-0 flex-1 overflow-hidden rounded-full bg-white shadow-lg ring-1 ring-navy-200 md:hidden"
        data-testid="consultation-bar"
      >
        <SmartLink
          to={telHref(firm.phone)}
          className="inline-flex shrink-0 items-center gap-1.5 px-4 font-semibold text-navy-800"
          aria-label={`${t.ui.callUs}: ${firm.phone}`}
        >
          <PhoneIcon width={18} height={18} />
          {/* Below 400 px the icon alone: "Consulta gratuita" needs the room whole. */}
          <span aria-hidden="true" className="max-[25rem]:hidden">
            {t.ui.callShort}
          </span>
        </SmartLink>
        <FreeConsultationLink className="inline-flex min-w-0 flex-1 items-center justify-center whitespace-nowrap bg-gold-400 px-3 font-semibold text-navy-950" />
      </div>
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
            aria-label={`${t.ui.chat} (${t.ui.chatOpensApp}) ${t.ui.opensInNewTab}`}
            className={`${roundButton} relative bg-[#126b3a] text-white`}
            data-testid="chat-button"
          >
            <ChatIcon width={24} height={24} />
            {/* Seen without hovering: the button leaves the site for the messaging app. */}
            <span
              aria-hidden="true"
              className="absolute -bottom-1 left-1/2 -translate-x-1/2 rounded bg-white px-1 text-[0.625rem] leading-tight font-bold text-[#0b4d29] ring-1 ring-[#126b3a]"
            >
              {t.ui.chatApp}
            </span>
          </a>
          <Tooltip label={`${t.ui.chat} (${t.ui.chatOpensApp})`} />
        </span>
      )}
    </aside>
  );
}
