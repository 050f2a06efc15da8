import { searchAliases } from "../../core/search";

/**
 * Attributes for a page's heading that give the site search's index other names the page is
 * looked for by (never shown or read aloud: Pagefind indexes the attribute's value).
 */
export function searchAliasAttributes(title: string): Record<string, string> {
  const aliases = searchAliases(title);
  return aliases.length
    ? { "data-pagefind-index-attrs": "data-search-aliases", "data-search-aliases": aliases.join(" ") }
    : {};
}
