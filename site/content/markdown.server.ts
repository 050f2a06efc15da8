import { factClaims, factDirective, type Fact } from "../../core/facts-schema";
import { feeDirective, feeHtml, type Fee } from "../../core/fees";
import { escapeHtml } from "../../core/html";
import { messages } from "../../core/i18n";
import { localeConfig, type Locale } from "../../core/locales";
import { typesetHtml } from "../../core/typography";
import { Marked, type Tokens } from "marked";
import { parse as parseYaml } from "yaml";

export interface Heading {
  id: string;
  text: string;
  depth: number;
}

export interface RenderedMarkdown {
  html: string;
  headings: Heading[];
  links: string[];
  images: { src: string; alt: string }[];
  words: number;
}

export function splitFrontMatter(source: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) return { data: {}, body: source };
  return { data: parseYaml(match[1] ?? "") as unknown, body: match[2] ?? "" };
}

export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function countWords(text: string): number {
  return text
    .replace(/\]\([^)]*\)/g, "] ")
    .replace(/<[^>]+>/g, " ")
    .replace(/[#*_>`[\]()!|-]/g, " ")
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** The ledger facts a page may reference, and the language to show them in. */
export interface FactContext {
  locale: Locale;
  facts: ReadonlyMap<string, Fact>;
  /** The fee table: `::fee{id="..."}` references render its amounts. */
  fees?: ReadonlyMap<string, Fee>;
  /** Images uploaded in the editor that the image pipeline published, with their sizes. */
  uploads?: ReadonlyMap<string, UploadedImage>;
}

/** An uploaded image as scripts/build-images.ts published it: its size and the widths built. */
export interface UploadedImage {
  width: number;
  height: number;
  widths: readonly number[];
}

/** The published name of an uploaded image at one width: `/images/uploads/a.jpg` → `/images/uploads/a-800.webp`. */
export function uploadedImageFile(src: string, width: number, format: "avif" | "webp"): string {
  return `${src.replace(/\.[^./]+$/, "")}-${width}.${format}`;
}

function uploadedPicture(src: string, alt: string, image: UploadedImage): string {
  const srcSet = (format: "avif" | "webp") =>
    image.widths.map((w) => `${escapeHtml(uploadedImageFile(src, w, format))} ${w}w`).join(", ");
  const sizes = "(min-width: 768px) 720px, 100vw";
  const fallback = image.widths.find((w) => w >= 720) ?? image.widths.at(-1) ?? image.width;
  return `<picture><source type="image/avif" srcset="${srcSet("avif")}" sizes="${sizes}"><source type="image/webp" srcset="${srcSet("webp")}" sizes="${sizes}"><img src="${escapeHtml(uploadedImageFile(src, fallback, "webp"))}" alt="${escapeHtml(alt)}" width="${image.width}" height="${image.height}" loading="lazy" decoding="async"></picture>`;
}

function formatLongDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(localeConfig[locale].intl, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

/** A fact as the page shows it: its verification date, the claim in the page's language, the source. */
export function factMarkdown(id: string, context: FactContext): string {
  const fact = context.facts.get(id);
  if (!fact) throw new Error(`unknown fact ${id} (content/facts/*.yaml)`);
  const claim = factClaims[context.locale](fact);
  if (!claim) throw new Error(`fact ${id} has no claimEs to show`);
  const t = messages(context.locale).facts;
  const source = fact.source.split(/[\s;]/)[0] ?? fact.source;
  return `**${t.asOf.replace("{date}", formatLongDate(fact.verified, context.locale))}** ${claim} [${t.source}](${source})`;
}

/** The body with every `::fact{id}` line replaced by the Markdown of the fact it names. */
export function expandFacts(body: string, context?: FactContext): string {
  if (!context) return body;
  return body.replace(factDirective, (_line, id: string) => factMarkdown(id, context));
}

/** The body with every `::fee{id}` (in the page or in a fact's claim) replaced by its amount, dated on hover. */
export function expandFees(body: string, context?: FactContext): string {
  const fees = context?.fees;
  return fees ? body.replace(feeDirective, (_whole, ref: string) => feeHtml(ref, fees, context.locale)) : body;
}

type InlineParser = { parser: { parseInline: (t: Tokens.Generic[]) => string } };

/** Links as the site renders them (external ones in a new tab), each href noted for the link check. */
function linkRenderer(links: string[]) {
  return function link(this: InlineParser, token: Tokens.Link): string {
    const inner = this.parser.parseInline(token.tokens);
    links.push(token.href);
    const external = /^(https?:|mailto:|tel:)/.test(token.href);
    const attrs = external ? ' target="_blank" rel="noopener noreferrer"' : "";
    return `<a href="${escapeHtml(token.href)}"${attrs}>${inner}</a>`;
  };
}

// Phone numbers dial (and open like every tel: link, in a new tab), numbers stay whole, quotes curl.
const typeset = (html: string) => typesetHtml(html, { telTarget: ' target="_blank" rel="noopener noreferrer"' });

/**
 * One line of Markdown (a FAQ answer in front matter): links, emphasis and the same typesetting
 * as page text, no paragraph around it; the links are returned for the content check.
 */
export function renderInlineMarkdown(source: string): { html: string; links: string[]; text: string } {
  const links: string[] = [];
  const marked = new Marked({ gfm: true, renderer: { link: linkRenderer(links) } });
  const html = typeset(marked.parseInline(source, { async: false }));
  // The words alone, for structured data: link text stays, the Markdown around it goes.
  const text = source.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/\*\*?([^*]+)\*\*?/g, "$1");
  return { html, links, text };
}

/** A heading's own anchor, written after its words: `## How to renew {#renew}`. */
const explicitId = /\s*\{#([a-z0-9]+(?:-[a-z0-9]+)*)\}\s*$/;

/** Renders page Markdown to HTML: anchored headings, new-tab external links, lazy images, shown facts. */
export function renderMarkdown(source: string, facts?: FactContext): RenderedMarkdown {
  const body = expandFees(expandFacts(source, facts), facts);
  const headings: Heading[] = [];
  const links: string[] = [];
  const images: { src: string; alt: string }[] = [];
  const used = new Set<string>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: InlineParser, token: Tokens.Heading) {
        // `## Fees {#fees}` keeps its anchor when its words change (summaries and other pages link to it).
        const explicit = explicitId.exec(token.text)?.[1];
        const inner = this.parser.parseInline(token.tokens).replace(explicitId, "");
        // A heading may show an amount (an element): its anchor and outline entry use the words alone.
        const text = token.text.replace(explicitId, "").replace(/<[^>]+>/g, "");
        let id = explicit ?? slugify(text);
        while (used.has(id)) id = `${id}-2`;
        used.add(id);
        if (token.depth === 2 || token.depth === 3) headings.push({ id, text, depth: token.depth });
        return `<h${token.depth} id="${id}">${inner}</h${token.depth}>\n`;
      },
      link: linkRenderer(links),
      image(token: Tokens.Image) {
        images.push({ src: token.href, alt: token.text });
        const uploaded = facts?.uploads?.get(token.href);
        if (uploaded) return uploadedPicture(token.href, token.text, uploaded);
        return `<img src="${escapeHtml(token.href)}" alt="${escapeHtml(token.text)}" loading="lazy" decoding="async">`;
      },
    },
  });
  const html = typeset(marked.parse(body, { async: false }));
  return { html, headings, links, images, words: countWords(body) };
}
