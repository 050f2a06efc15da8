import { useState } from "react";
import type { Video } from "../../core/content-schema";
import { useLocale, useMessages } from "../lib/locale";
import { PlayIcon } from "./icons";
import { formatDate } from "./page";
import { SmartLink } from "./smart-link";

/** A video that loads YouTube only when the visitor presses play. */
function VideoCard({ video }: { video: Video }) {
  const t = useMessages();
  const locale = useLocale();
  const [playing, setPlaying] = useState(false);
  return (
    <li className="overflow-hidden rounded-2xl border border-navy-100 bg-white shadow-sm">
      <div className="relative aspect-video bg-gradient-to-br from-navy-800 to-navy-950">
        {playing ? (
          <iframe
            className="absolute inset-0 h-full w-full"
            src={`https://www.youtube-nocookie.com/embed/${video.youtubeId}?autoplay=1&rel=0`}
            title={video.title}
            allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
          />
        ) : (
          <button
            type="button"
            onClick={() => setPlaying(true)}
            className="group absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-white"
          >
            <span className="inline-flex h-16 w-16 items-center justify-center rounded-full bg-gold-400 text-navy-950 shadow-lg transition group-hover:scale-105">
              <PlayIcon width={28} height={28} />
            </span>
            <span className="font-semibold">
              {t.ui.playVideo}
              <span className="sr-only">: {video.title}</span>
            </span>
          </button>
        )}
      </div>
      <div className="p-5">
        <h2 className="text-lg font-semibold">{video.title}</h2>
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
      {videos.map((video) => (
        <VideoCard key={video.youtubeId} video={video} />
      ))}
    </ul>
  );
}
