import { useState } from "react";
import { Typeset } from "./typeset";
import type { Video } from "../../core/content-schema";
import { useLocale, useMessages } from "../lib/locale";
import { PlayIcon } from "./icons";
import { formatDate } from "./page";
import { SmartLink } from "./smart-link";

/**
 * Each video's cover is drawn here, not fetched: a tint of its own (dark enough for white text at
 * AA), its title set in the serif, its length and a few circles placed by its position in the list.
 * No third-party image loads before the visitor presses play.
 */
const coverTints: readonly (readonly [string, string])[] = [
  ["#1f4a7a", "#0a1c2e"],
  ["#11605c", "#06302e"],
  ["#7a2434", "#3a0f16"],
  ["#25603a", "#0f2a17"],
  ["#5a2d6e", "#26122f"],
  ["#7a5420", "#35240b"],
  ["#3d4b63", "#0f172a"],
];

/** "PT6M12S" as "6:12". */
export function formatDuration(iso: string): string {
  const match = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(iso);
  if (!match) return "";
  const [, h, m, s] = match;
  const minutes = Number(h ?? 0) * 60 + Number(m ?? 0);
  return `${minutes}:${String(Number(s ?? 0)).padStart(2, "0")}`;
}

function VideoCover({ video, index }: { video: Video; index: number }) {
  const [from, to] = coverTints[index % coverTints.length] ?? ["#1f4a7a", "#0a1c2e"];
  const duration = formatDuration(video.duration);
  return (
    <span
      aria-hidden="true"
      data-video-cover=""
      className="absolute inset-0 flex flex-col justify-between overflow-hidden p-5 text-left text-white sm:p-6"
      style={{ backgroundImage: `linear-gradient(135deg, ${from}, ${to})` }}
    >
      <svg className="absolute inset-0 h-full w-full" viewBox="0 0 160 90" preserveAspectRatio="xMidYMid slice">
        <circle
          cx={120 + (index % 3) * 12}
          cy={10 + (index % 4) * 8}
          r={34 + (index % 3) * 6}
          fill="#ffffff"
          opacity="0.07"
        />
        <circle
          cx={140 - (index % 2) * 30}
          cy={80}
          r={20 + (index % 4) * 4}
          fill="none"
          stroke="#d9b97a"
          strokeOpacity="0.45"
          strokeWidth="0.8"
        />
      </svg>
      <span className="relative text-xs font-semibold uppercase tracking-[0.18em] text-gold-400">LFH TV</span>
      <span className="relative line-clamp-3 max-w-[85%] font-serif text-xl font-semibold leading-snug sm:text-2xl">
        {video.title}
      </span>
      {/* The play button (drawn over the cover) sits at the left of this row. */}
      <span className="relative flex h-12 items-center justify-end">
        {duration && (
          <span className="rounded bg-black/45 px-2 py-0.5 text-sm font-medium tabular-nums">{duration}</span>
        )}
      </span>
    </span>
  );
}

/** A video that loads YouTube only when the visitor presses play. */
function VideoCard({ video, index }: { video: Video; index: number }) {
  const t = useMessages();
  const locale = useLocale();
  const [playing, setPlaying] = useState(false);
  return (
    <li className="overflow-hidden rounded-2xl border border-navy-100 bg-white shadow-sm">
      <div className="relative aspect-video bg-navy-950">
        {playing ? (
          <iframe
            className="absolute inset-0 h-full w-full"
            src={`https://www.youtube-nocookie.com/embed/${video.youtubeId}?autoplay=1&rel=0`}
            title={video.title}
            allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
          />
        ) : (
          <>
            <VideoCover video={video} index={index} />
            {/* The button shows only an icon, so its name can be "Play video: title" (the cover's
                words are drawn beside it, not inside it). */}
            <button
              type="button"
              onClick={() => setPlaying(true)}
              aria-label={`${t.ui.playVideo}: ${video.title}`}
              className="group absolute inset-0 flex items-end p-5 sm:p-6"
            >
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-gold-400 text-navy-950 shadow-lg transition group-hover:scale-105">
                <PlayIcon width={22} height={22} />
              </span>
            </button>
          </>
        )}
      </div>
      <div className="p-5">
        <h2 className="font-semibold">
          <Typeset text={video.title} />
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          <time dateTime={video.uploaded}>{formatDate(video.uploaded, locale)}</time>
        </p>
        <p className="mt-2 text-[0.95rem] text-slate-700">{video.description}</p>
        <SmartLink
          to={`https://www.youtube.com/watch?v=${video.youtubeId}`}
          className="mt-3 inline-block text-sm font-semibold text-navy-700 underline underline-offset-4"
        >
          {t.ui.watchOnYouTube} <span className="sr-only">{t.ui.opensInNewTab}</span>
        </SmartLink>
      </div>
    </li>
  );
}

export function VideoGrid({ videos }: { videos: Video[] }) {
  return (
    <ul className="mt-10 grid gap-6 md:grid-cols-2">
      {videos.map((video, index) => (
        <VideoCard key={video.youtubeId} video={video} index={index} />
      ))}
    </ul>
  );
}
