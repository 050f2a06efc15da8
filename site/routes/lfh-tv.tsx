import { PageHeader, Prose } from "../components/page";
import { VideoList } from "../components/videos";
import { island } from "../islands/island";
import { useMessages } from "../lib/locale";
import { pageMeta } from "../lib/page-types";
import type { Route } from "./+types/lfh-tv";
import { pageContext, pageView } from "../content/page-data.server";

export function loader({ request }: Route.LoaderArgs) {
  return pageView(pageContext(request, ["lfh-tv"]), {});
}
export const meta: Route.MetaFunction = pageMeta;

const VideoListIsland = island("videos", VideoList, "visible");

export default function LfhTv({ loaderData: page }: Route.ComponentProps) {
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
          <VideoListIsland curated={page.content.data.videos} />
        </div>
      </div>
    </>
  );
}
