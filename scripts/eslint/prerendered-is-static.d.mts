import type { ESLint, Rule } from "eslint";

declare const plugin: ESLint.Plugin & { rules: { "prerendered-is-static": Rule.RuleModule } };
export default plugin;

/** The site's modules by role: the islands' component modules, and what the prerender renders outside them. */
export declare function siteGraph(root: string): { islandRoots: Set<string>; prerendered: Set<string> };
