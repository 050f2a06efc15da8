// The leads' export, for `npm run leads -- export` and the staff console's Export page alike.
import { firmFieldNames, officeName } from "../core/form-fields";
import { visibleControls } from "../core/text";
import { readSubmission, type Submission } from "./intake/store";

/**
 * Everything a visitor typed is shown with its control, bidi and invisible characters as visible
 * escapes (`\x1b`, `\u202e`, `\u{e0041}`): a name cannot clear the screen, plant a link, retitle
 * the window, overwrite its row with a forged one or hide part of itself. JSON export escapes
 * controls by itself.
 */
function cellText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  switch (typeof value) {
    case "string":
      return value;
    case "number":
    case "bigint":
    case "boolean":
      return String(value);
    default:
      return value === null || value === undefined ? "" : (JSON.stringify(value) ?? "");
  }
}
export const shown = (value: unknown): string => visibleControls(cellText(value));

export const columns = [
  "id",
  "reference",
  "created_at",
  "kind",
  "status",
  "flags",
  "captcha_score",
  "locale",
  "name",
  "email",
  "phone",
  "office",
  "topic",
  "page",
  "message",
  "resume_name",
] as const;

/**
 * The export's columns: what must be read first (a survivor's safe way to reach her) leads every
 * row, then the stored columns, then every other field the firm reads, from the forms' fields.
 */
const formColumns = firmFieldNames(columns);
export const exportColumns = [...formColumns.first, ...columns, ...formColumns.rest];

/**
 * How a spreadsheet should read the file (the staff console's download, opened in Excel): a
 * UTF-8 byte order mark (without it Excel reads "Peña" as "PeÃ±a"), CRLF line ends, times in the
 * firm's time zone and offices by name.
 */
export interface SpreadsheetOptions {
  timeZone: string;
}

/** A time in `timeZone` as a spreadsheet sorts and reads it: `2026-03-01 09:30:00 CST`. */
export function localTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      timeZoneName: "short",
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${parts.timeZoneName}`;
}

/** One exported row: the stored columns and the form's fields, read at the store's boundary. */
export function exportRow(row: Submission, spreadsheet?: SpreadsheetOptions): Record<string, unknown> {
  const stored = readSubmission(row);
  const fields: Partial<Record<string, unknown>> = stored.details.fields;
  const value = (column: string): unknown => {
    if (!(columns as readonly string[]).includes(column)) return fields[column] ?? "";
    const cell = stored[column as (typeof columns)[number]];
    if (spreadsheet && column === "created_at") return localTime(stored.created_at, spreadsheet.timeZone);
    if (spreadsheet && column === "office" && stored.kind !== "application") return officeName(cell);
    return cell;
  };
  return Object.fromEntries(exportColumns.map((column) => [column, value(column)]));
}

export function csvCell(value: unknown): string {
  const text = shown(value);
  // Quote every cell; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The whole export as text: JSON, or CSV (for a spreadsheet when `spreadsheet` is given). */
export function exportText(rows: readonly Submission[], format: "csv" | "json", spreadsheet?: SpreadsheetOptions) {
  const records = rows.map((row) => exportRow(row, spreadsheet));
  if (format === "json") return `${JSON.stringify(records, null, 2)}\n`;
  const eol = spreadsheet ? "\r\n" : "\n";
  const lines = [exportColumns.join(","), ...records.map((r) => exportColumns.map((c) => csvCell(r[c])).join(","))];
  return `${spreadsheet ? "\uFEFF" : ""}${lines.join(eol)}${eol}`;
}
