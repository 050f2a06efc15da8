// Pages named by key outside content (menus, survivor pages, redirects, the responsible attorney):
// a key the route map lacks (a page deleted or renamed in the editor) stops the build with its name.
import { attorneyBySlug } from "../core/attorneys";
import { firm } from "../core/firm";
import {
  footerFeaturedPractice,
  footerLegalLinks,
  footerQuickLinks,
  ourFirmMenu,
  practiceGroups,
} from "../core/navigation";
import { legacyRedirects } from "../core/redirects";
import { isPageKey } from "../core/routes";
import { survivorPageKeys } from "../core/survivor-pages";

export function routeReferenceProblems(): string[] {
  const problems: string[] = [];
  const named: [string, string][] = [
    ...practiceGroups.flatMap((group) => group.items.map((item): [string, string] => ["practice menu", item.key])),
    ...ourFirmMenu.map((item): [string, string] => ["Our Firm menu", item.key]),
    ...footerQuickLinks.map((item): [string, string] => ["footer quick links", item.key]),
    ...footerFeaturedPractice.map((item): [string, string] => ["footer practice links", item.key]),
    ...footerLegalLinks.map((item): [string, string] => ["footer legal links", item.key]),
    ...survivorPageKeys.map((key): [string, string] => ["survivor pages (core/survivor-pages.ts)", key]),
  ];
  for (const [where, key] of named) if (!isPageKey(key)) problems.push(`${where}: no page ${key}`);
  if (!attorneyBySlug(firm.responsibleAttorney))
    problems.push(`core/firm.ts responsibleAttorney: no attorney profile ${firm.responsibleAttorney}`);
  try {
    legacyRedirects();
  } catch (error) {
    problems.push(`core/redirects.ts: ${error instanceof Error ? error.message : String(error)}`);
  }
  return problems;
}
