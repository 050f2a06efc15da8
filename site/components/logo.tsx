import { firm } from "../../core/firm";

/** The firm's mark: a monogram shield and the short name. The letters are fitted to the shield
 * (`textLength`) so a wider fallback font cannot spill over its edge. */
export function Logo({
  inverted = false,
  shieldOnlyOnSmallDesktop = false,
}: {
  inverted?: boolean;
  shieldOnlyOnSmallDesktop?: boolean;
}) {
  const ink = inverted ? "#ffffff" : "#0f2a44";
  return (
    <span className="flex items-center gap-2.5">
      <svg width="36" height="40" viewBox="0 0 36 40" aria-hidden="true" focusable="false">
        <path d="M18 1 34 7v12c0 10-7 17-16 20C9 36 2 29 2 19V7Z" fill={inverted ? "#ffffff" : "#0f2a44"} />
        <path
          d="M18 5.5 30 10v9c0 7.6-5.2 13-12 15.6C11.2 32 6 26.6 6 19v-9Z"
          fill="none"
          stroke="#c9a86a"
          strokeWidth="1.5"
        />
        <text
          x="18"
          y="24.5"
          textAnchor="middle"
          fontFamily="Georgia, 'Times New Roman', serif"
          fontSize="11"
          fontWeight="700"
          textLength="19"
          lengthAdjust="spacingAndGlyphs"
          fill={inverted ? "#0f2a44" : "#ffffff"}
        >
          LFH
        </text>
      </svg>
      {/* In the header from 1280 to 1599 px the full menu and its actions need the room, and below
          404 px (a phone, or 400% zoom) the search, phone and menu buttons: the shield (which reads
          LFH) stands for the name there, still read out to screen readers. */}
      <span
        className={`flex flex-col leading-none ${shieldOnlyOnSmallDesktop ? "max-[25.25rem]:sr-only xl:max-[100rem]:sr-only" : ""}`}
      >
        <span className="font-serif text-lg font-semibold tracking-tight" style={{ color: ink }}>
          {firm.shortName}
        </span>
        <span
          className={`text-[0.7rem] uppercase tracking-[0.14em] ${inverted ? "text-navy-100" : "hidden text-slate-600 sm:block"}`}
        >
          {firm.name}
        </span>
      </span>
    </span>
  );
}
