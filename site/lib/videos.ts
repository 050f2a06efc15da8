import type { Video } from "../../core/content-schema";

interface SearchResponse {
  items?: { id?: { videoId?: string }; snippet?: { title?: string; description?: string; publishedAt?: string } }[];
}

/** The channel's latest uploads from the YouTube Data API (used only when an API key is configured). */
export async function fetchChannelVideos(apiKey: string, channelId: string): Promise<Video[]> {
  const url = new URL("https://www.googleapis.com/youtube/v3/search");
  url.search = new URLSearchParams({
    key: apiKey,
    channelId,
    part: "snippet",
    order: "date",
    type: "video",
    maxResults: "12",
  }).toString();
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Video API answered ${response.status}`);
  const body = (await response.json()) as SearchResponse;
  return (body.items ?? []).flatMap((item) =>
    item.id?.videoId && item.snippet?.title
      ? [
          {
            youtubeId: item.id.videoId,
            title: item.snippet.title,
            description: item.snippet.description ?? "",
            duration: "",
            uploaded: (item.snippet.publishedAt ?? "").slice(0, 10),
          },
        ]
      : [],
  );
}
