// The fee table (content/facts/fees.yaml), read once for the pages that show its amounts, the
// government filing fees page and the content checks.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import {
  expandFeesText,
  feePayees,
  feesFileName,
  feesFileSchema,
  feeTitle,
  feeTitles,
  feeWhens,
  formatDollars,
  longDate,
  resolveFee,
  type Fee,
  type FeePath,
  type FeePayee,
  type FeeTable,
} from "../../core/fees";
import { messages } from "../../core/i18n";
import type { Locale } from "../../core/locales";
import { factsDir } from "./facts.server";

export const feesFile = join(factsDir, feesFileName);

/** Reads and validates the table; throws with the file and the field on a shape problem. */
export function loadFeeTable(file = feesFile): FeeTable {
  const parsed = feesFileSchema.safeParse(parse(readFileSync(file, "utf8")));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`${file}: ${problems}`);
  }
  return parsed.data;
}

export function feesById(table: FeeTable): Map<string, Fee> {
  return new Map(table.fees.map((fee) => [fee.id, fee] as const));
}

let read: { table: FeeTable; byId: Map<string, Fee> } | undefined;

/** The table as the build reads it, once. */
export function feeTable(): { table: FeeTable; byId: Map<string, Fee> } {
  if (!read) {
    const table = loadFeeTable();
    read = { table, byId: feesById(table) };
  }
  return read;
}

/**
 * Front matter with each fee reference replaced by its amount as plain text (titles, descriptions,
 * FAQ answers): what the schema's lengths and the head tags see.
 */
export function withFeeAmounts(value: unknown, fees: ReadonlyMap<string, Fee> = feeTable().byId): unknown {
  if (typeof value === "string") return expandFeesText(value, fees);
  if (Array.isArray(value)) return value.map((item) => withFeeAmounts(item, fees));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, withFeeAmounts(inner, fees)]));
  return value;
}

/** One entry of the table as the fees page prints it. */
export interface FeeRowView {
  id: string;
  form: string;
  title: string;
  amounts: { label: string; text: string }[];
  since?: string;
  verified: string;
  source: string;
}

/** One line of an estimator path. */
export interface PathItemView {
  form: string;
  title: string;
  label: string;
  text: string;
  when?: string;
}

export interface PathView {
  id: string;
  title: string;
  items: PathItemView[];
  total: string;
  /** The total with the optional items, when the path has any. */
  withOptional?: string;
  /** The oldest verification date among its amounts: the whole estimate is no newer than that. */
  verified: string;
  verifiedIso: string;
}

export interface FeePageView {
  groups: { payee: FeePayee; heading: string; rows: FeeRowView[] }[];
  figures: FeeRowView[];
  paths: PathView[];
}

function amountText(amount: number, locale: Locale): string {
  return amount === 0 ? messages(locale).fees.noFee : formatDollars(amount);
}

function rowView(fee: Fee, locale: Locale): FeeRowView {
  const t = messages(locale).fees;
  const single = fee.amounts.length === 1 && fee.amounts[0]?.variant === "standard";
  return {
    id: fee.id,
    form: fee.form,
    title: feeTitle(fee, locale),
    amounts: fee.amounts.map((a) => ({
      label: single ? "" : t.variants[a.variant],
      text: amountText(a.amount, locale),
    })),
    ...(fee.effective ? { since: longDate(fee.effective, locale) } : {}),
    verified: longDate(fee.verified, locale),
    source: fee.source,
  };
}

function pathView(path: FeePath, byId: ReadonlyMap<string, Fee>, locale: Locale): PathView {
  const t = messages(locale).fees;
  const resolved = path.items.map((item) => {
    const found = resolveFee(byId, item.fee);
    if (typeof found === "string") throw new Error(`fee path ${path.id}: ${found}`);
    return { item, ...found };
  });
  const sum = (list: typeof resolved) => list.reduce((total, r) => total + r.amount.amount, 0);
  const required = resolved.filter((r) => !r.item.when);
  const oldest = resolved.map((r) => r.fee.verified).sort()[0] ?? "";
  return {
    id: path.id,
    title: feeTitles[locale](path),
    items: resolved.map(({ item, fee, amount }) => {
      const when = feeWhens[locale](item);
      return {
        form: fee.form,
        title: feeTitle(fee, locale),
        label: amount.variant === "standard" ? "" : t.variants[amount.variant],
        text: amountText(amount.amount, locale),
        ...(when ? { when } : {}),
      };
    }),
    total: formatDollars(sum(required)),
    ...(required.length < resolved.length ? { withOptional: formatDollars(sum(resolved)) } : {}),
    verified: longDate(oldest, locale),
    verifiedIso: oldest,
  };
}

/** The whole table, grouped by who is paid, and the estimator's paths, in the page's language. */
export function feePageView(table: FeeTable, locale: Locale): FeePageView {
  const t = messages(locale).fees;
  const byId = feesById(table);
  const government = table.fees.filter((fee) => fee.kind !== "figure");
  return {
    groups: feePayees
      .map((payee) => ({
        payee,
        heading: t.payeeHeadings[payee],
        rows: government.filter((fee) => fee.payee === payee).map((fee) => rowView(fee, locale)),
      }))
      .filter((group) => group.rows.length > 0),
    figures: table.fees.filter((fee) => fee.kind === "figure").map((fee) => rowView(fee, locale)),
    paths: table.paths.map((path) => pathView(path, byId, locale)),
  };
}
