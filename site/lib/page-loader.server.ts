import { pageDataForPath, type PageData } from "../content/page-data.server";

/** Every content route's loader: runs at build time (prerender) and its result ships as .data. */
export function loadPage(request: Request): PageData {
  return pageDataForPath(decodeURIComponent(new URL(request.url).pathname));
}
