import { z } from "zod";
import { messages } from "./i18n";
import { localeConfig, type Locale } from "./locales";

/**
 * The fee table (content/facts/fees.yaml): every dollar amount the site quotes, stated once.
 * Government filing fees, the firm's own fee ranges and the few amounts that are not fees (an
 * investment minimum, a one-time payment) are each one entry with their variants, the date the
 * amount took effect, its primary source and the day a person last checked it there. Pages show
 * an amount through a reference, `::fee{id="i-130/paper"}`, never by typing it.
 */
/** The table's file name in content/facts/ (the ledger's other files are facts, not fees). */
export const feesFileName = "fees.yaml";

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "use YYYY-MM-DD")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "not a calendar date");
const kebab = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "use kebab-case");

/** How one amount of an entry differs from the others; each has a label in both languages. */
export const feeVariants = [
  "standard",
  "paper",
  "online",
  "reduced",
  "small-employer",
  "small-or-nonprofit",
  "large-employer",
  "nonprofit",
  "with-i-485",
  "initial",
  "renewal",
  "previous",
  "proposed",
  "minimum",
  "targeted-area",
  "low",
  "high",
] as const;
export type FeeVariant = (typeof feeVariants)[number];

/** Who the amount is paid to (or, for a figure, who sets it). */
export const feePayees = ["uscis", "state", "court", "dhs", "firm"] as const;
export type FeePayee = (typeof feePayees)[number];

/** A government filing fee, the firm's own fee, or an amount that is not a fee at all. */
export const feeKinds = ["government", "firm", "figure"] as const;
export type FeeKind = (typeof feeKinds)[number];

const feeAmountSchema = z.object({
  variant: z.enum(feeVariants),
  /** Whole US dollars; 0 is "no fee". */
  amount: z.number().int().min(0),
  /** When this amount differs from the entry's date (a proposal, an earlier amount). */
  effective: isoDate.optional(),
});
export type FeeAmount = z.infer<typeof feeAmountSchema>;

export const feeSchema = z
  .object({
    id: kebab,
    kind: z.enum(feeKinds).default("government"),
    payee: z.enum(feePayees),
    /** The form (I-130, DS-260) or a short name where there is none. */
    form: z.string().min(2),
    /** What the fee is for, in English and in Spanish (USCIS's own Spanish terms). */
    title: z.string().min(5),
    titleEs: z.string().min(5),
    amounts: z.array(feeAmountSchema).min(1),
    /** The day this amount took effect, where the source says; otherwise it is shown as in force when verified. */
    effective: isoDate.optional(),
    source: z.url({ protocol: /^https$/ }),
    /** The day a person last checked the amounts at the source. */
    verified: isoDate,
    note: z.string().optional(),
  })
  .refine((fee) => new Set(fee.amounts.map((a) => a.variant)).size === fee.amounts.length, "a variant is repeated");
export type Fee = z.infer<typeof feeSchema>;

/** One line of an estimator path: a fee (id/variant), and when it applies only sometimes, why. */
const pathItemSchema = z.object({
  fee: z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)?$/, "use id or id/variant"),
  when: z.string().min(3).optional(),
  whenEs: z.string().min(3).optional(),
});

/** A path through the estimator on the fees page: the forms one kind of case files, in order. */
export const feePathSchema = z.object({
  id: kebab,
  title: z.string().min(5),
  titleEs: z.string().min(5),
  items: z.array(pathItemSchema).min(1),
});
export type FeePath = z.infer<typeof feePathSchema>;

/** The anchor of an estimator path on the fees page: practice pages link to `…#path-marriage-in-us`. */
export function feePathAnchor(id: string): string {
  return `path-${id}`;
}

export const feesFileSchema = z.object({ fees: z.array(feeSchema).min(1), paths: z.array(feePathSchema) });
export type FeeTable = z.infer<typeof feesFileSchema>;

/**
 * `::fee{id="i-130/paper"}`: the amount of one variant (the variant may be left out when the entry
 * has one amount); `::fee{id="i-821d+i-765/online"}`: the sum of several, for a page that quotes a total.
 */
export const feeDirective = /::fee\{id="([^"]*)"\}/g;

/** The fee references in a text, in order. */
export function feeReferences(text: string): string[] {
  return [...text.matchAll(feeDirective)].map((match) => match[1] ?? "");
}

export interface ResolvedFee {
  fee: Fee;
  amount: FeeAmount;
}

/** The entry and the amount a reference names, or why it names none. */
export function resolveFee(table: ReadonlyMap<string, Fee>, ref: string): ResolvedFee | string {
  const [id = "", variant] = ref.split("/");
  const fee = table.get(id);
  if (!fee) return `unknown fee ${id}`;
  if (variant === undefined) {
    const [only] = fee.amounts;
    if (fee.amounts.length > 1 || !only)
      return `fee ${id} has ${fee.amounts.length} amounts; name one: ${fee.amounts.map((a) => `${id}/${a.variant}`).join(", ")}`;
    return { fee, amount: only };
  }
  const amount = fee.amounts.find((a) => a.variant === variant);
  return amount ? { fee, amount } : `fee ${id} has no ${variant} amount`;
}

/** What a reference shows: the amount (a sum for `a+b`) and the entries it comes from. */
export interface ResolvedReference {
  amount: number;
  parts: ResolvedFee[];
}

export function resolveReference(table: ReadonlyMap<string, Fee>, ref: string): ResolvedReference | string {
  const parts: ResolvedFee[] = [];
  for (const one of ref.split("+")) {
    const resolved = resolveFee(table, one.trim());
    if (typeof resolved === "string") return resolved;
    parts.push(resolved);
  }
  return { amount: parts.reduce((sum, part) => sum + part.amount.amount, 0), parts };
}

/** An amount as both languages print it today: "$1,440" (Spanish pages in the US write dollars the same way). */
export function formatDollars(amount: number): string {
  return `$${amount.toLocaleString("en-US")}`;
}

/** Every table problem beyond its shape: repeated ids, dates in the future, paths naming unknown fees. */
export function checkFeeTable(table: FeeTable, today: string): string[] {
  const problems: string[] = [];
  const byId = new Map<string, Fee>();
  for (const fee of table.fees) {
    if (byId.has(fee.id)) problems.push(`fee id ${fee.id} is used twice`);
    byId.set(fee.id, fee);
    if (fee.verified > today) problems.push(`fee ${fee.id} is verified in the future (${fee.verified})`);
  }
  const paths = new Set<string>();
  for (const path of table.paths) {
    if (paths.has(path.id)) problems.push(`path id ${path.id} is used twice`);
    paths.add(path.id);
    for (const item of path.items) {
      const resolved = resolveFee(byId, item.fee);
      if (typeof resolved === "string") problems.push(`path ${path.id}: ${resolved}`);
      if (Boolean(item.when) !== Boolean(item.whenEs))
        problems.push(`path ${path.id}: ${item.fee} needs "when" in both languages or neither`);
    }
  }
  return problems;
}

/**
 * Dollar amounts typed by hand: "$675", "$ 1,440", "US$5", "800 mil ... dólares", "1.05 millones de
 * dólares", "500 dollars". Fee references are taken out first, so what is left was typed.
 */
const typedAmount =
  /\$\s?\d+(?:[.,]\d+)*|\b\d+(?:[.,]\d+)*\s*(?:mil(?:lones)?\s+(?:de\s+)?|thousand\s+|million\s+)?(?:dólares|dollars)\b/giu;

export interface TypedAmount {
  line: number;
  text: string;
}

/** The hand-typed amounts in a content file (front matter included), with their line numbers. */
export function typedAmounts(source: string): TypedAmount[] {
  const found: TypedAmount[] = [];
  source.split("\n").forEach((line, index) => {
    const bare = line.replace(feeDirective, "");
    for (const match of bare.matchAll(typedAmount)) found.push({ line: index + 1, text: match[0] });
  });
  return found;
}

/** A fee's (or a fee path's) title kept in one field per language, as the fees file has them. */
export const feeTitles: Record<Locale, (titled: { title: string; titleEs: string }) => string> = {
  en: (titled) => titled.title,
  es: (titled) => titled.titleEs,
};

/** When a fee path's item applies, per language (both or neither, as the schema checks). */
export const feeWhens: Record<Locale, (item: { when?: string; whenEs?: string }) => string | undefined> = {
  en: (item) => item.when,
  es: (item) => item.whenEs,
};

/** What the fee is for, in the page's language. */
export function feeTitle(fee: Fee, locale: Locale): string {
  return feeTitles[locale](fee);
}

/** Every fee id/variant a table's references may name (for an editor's list and the conversion script). */
export function feeReferenceIds(table: readonly Fee[]): string[] {
  return table.flatMap((fee) => fee.amounts.map((a) => (fee.amounts.length === 1 ? fee.id : `${fee.id}/${a.variant}`)));
}

/** A date as a sentence says it: "April 1, 2024", "1 de abril de 2024". */
export function longDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(localeConfig[locale].intl, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

/** Where an amount comes from, as its hover text says it: "USCIS amount since April 1, 2024; verified November 24, 2026". */
export function feeDateNote({ fee, amount }: ResolvedFee, locale: Locale): string {
  const t = messages(locale).fees;
  const effective = amount.effective ?? fee.effective;
  const template = effective ? t.sinceTitle : t.inForceTitle;
  return template
    .replace("{payee}", t.payees[fee.payee])
    .replace("{effective}", effective ? longDate(effective, locale) : "")
    .replace("{verified}", longDate(fee.verified, locale));
}

/** A reference as plain text (titles, descriptions, FAQ answers in front matter). */
export function expandFeesText(text: string, table: ReadonlyMap<string, Fee>): string {
  return text.replace(feeDirective, (_whole, ref: string) => {
    const resolved = resolveReference(table, ref);
    if (typeof resolved === "string") throw new Error(`${resolved} (content/facts/${feesFileName})`);
    return formatDollars(resolved.amount);
  });
}

/**
 * A reference as page HTML: the amount in a `<data>` element whose title says, for each entry it
 * comes from, since when the amount applies and when it was verified.
 */
export function feeHtml(ref: string, table: ReadonlyMap<string, Fee>, locale: Locale): string {
  const resolved = resolveReference(table, ref);
  if (typeof resolved === "string") throw new Error(`${resolved} (content/facts/${feesFileName})`);
  const notes = [...new Set(resolved.parts.map((part) => feeDateNote(part, locale)))].join(" · ");
  const title = notes.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<data class="fee" value="${resolved.amount}" title="${title}">${formatDollars(resolved.amount)}</data>`;
}
