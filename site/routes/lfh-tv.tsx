import { lazy, Suspense } from "react";
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { firm } from "../../core/firm";
import { PageHeader, Prose } from "../components/page";
import { VideoGrid } from "../components/videos";
import { useMessages } from "../lib/locale";
import { loadPage } from "../lib/page-loader.server";
import { pageMeta, type PageView } from "../lib/page-types";
import { useHydrated } from "../lib/hydrated";
import type { Video } from "../lib/videos";

export function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request);
}
export const meta = pageMeta;

const ChannelVideos = lazy(() => import("../lib/channel-videos"));

/** The curated list from content; refreshed from the video API when a key is configured. */
function VideoList({ curated }: { curated: Video[] }) {
  const hydrated = useHydrated();
  const grid = <VideoGrid videos={curated} />;
  if (!hydrated || firm.videoApiKey === "") return grid;
  return (
    <Suspense fallback={grid}>
      <ChannelVideos curated={curated} />
    </Suspense>
  );
}

export default function LfhTv() {
  const page = useLoaderData() as PageView;
  const t = useMessages();
  return (
    <>
      <PageHeader page={page} />
      <div className="container-page py-10 lg:py-16">
        <div className="mx-auto max-w-3xl">
          <Prose html={page.content.html} />
          <p className="mt-4 text-sm text-slate-700">{t.ui.videoNotice}</p>
        </div>
        <div className="mx-auto max-w-5xl">
          <VideoList curated={page.content.data.videos as Video[]} />
        </div>
      </div>
    </>
  );
}
