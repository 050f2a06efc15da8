import { renderToString } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";
import { withoutClientHandoff } from "./react-router-adapter";

/**
 * Every page is rendered once, at build time, into a complete static document. A plain string
 * render (no streaming): the page holds no suspended parts, so there is nothing to stream, and the
 * HTML ends at `</html>` with every character whole.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // The pages hydrate as islands, never through the router: its data hand-off is left out.
  const html = renderToString(<ServerRouter context={withoutClientHandoff(routerContext)} url={request.url} />);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html}`, { status: responseStatusCode, headers: responseHeaders });
}
