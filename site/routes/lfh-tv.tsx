import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { PageHeader, Prose } from "../components/page";
import { VideoList } from "../components/videos";
import { island } from "../islands/island";
import { useMessages } from "../lib/locale";
import { loadPage } from "../lib/page-loader.server";
import { pageMeta, type PageView } from "../lib/page-types";
import type { Video } from "../lib/videos";

export function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request);
}
export const meta = pageMeta;

const VideoListIsland = island("videos", VideoList, "visible");

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
          <VideoListIsland curated={page.content.data.videos as Video[]} />
        </div>
      </div>
    </>
  );
}
