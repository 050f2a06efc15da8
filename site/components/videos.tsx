import { lazy, Suspense } from "react";
import { firm } from "../../core/firm";
import type { Video } from "../../core/content-schema";
import { useHydrated } from "../lib/hydrated";
import { VideoGrid } from "./video-grid";

const ChannelVideos = lazy(() => import("../lib/channel-videos"));

/** The curated list from content; refreshed from the video API when a key is configured. */
export function VideoList({ curated }: { curated: Video[] }) {
  const hydrated = useHydrated();
  const grid = <VideoGrid videos={curated} />;
  if (!hydrated || firm.videoApiKey === "") return grid;
  return (
    <Suspense fallback={grid}>
      <ChannelVideos curated={curated} />
    </Suspense>
  );
}
