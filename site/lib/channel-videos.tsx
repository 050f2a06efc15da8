import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { firm } from "../../core/firm";
import { VideoGrid } from "../components/video-grid";
import type { Video } from "../../core/content-schema";
import { fetchChannelVideos } from "./videos";

/** The library defaults suit a list that changes daily: 3 retries, backoff from 1 s capped at 30 s, unused data kept 5 min. */
const queryClient = new QueryClient();

function Latest({ curated }: { curated: Video[] }) {
  const { data } = useQuery({
    queryKey: ["channel-videos", firm.videoChannelId],
    queryFn: () => fetchChannelVideos(firm.videoApiKey, firm.videoChannelId),
  });
  return <VideoGrid videos={data?.length ? data : curated} />;
}

export default function ChannelVideos({ curated }: { curated: Video[] }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Latest curated={curated} />
    </QueryClientProvider>
  );
}
