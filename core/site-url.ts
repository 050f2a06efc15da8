import { firm } from "./firm";

/**
 * The canonical origin of the site (links, sitemap, structured data), read where it is used: the
 * build. An unset value means the firm's default; anything else must be an absolute http(s) URL
 * without a path, query or fragment, or the build stops with a one-line message.
 */
export function siteUrlFrom(value: string | undefined = firm.defaultSiteUrl): string {
  const raw = value === "" ? firm.defaultSiteUrl : value;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SITE_URL: must be an absolute URL such as https://www.example.com (got ${JSON.stringify(raw)})`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new Error(`SITE_URL: must start with https:// or http:// (got ${JSON.stringify(raw)})`);
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash || url.username || url.password)
    throw new Error(
      `SITE_URL: must be an origin only, without path, query or credentials (got ${JSON.stringify(raw)})`,
    );
  return url.origin;
}
