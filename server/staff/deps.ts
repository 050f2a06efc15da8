import { visibleControls } from "../../core/text";
import type { Store } from "../intake/store";

/** What every group of console pages is given. */
export interface PageDeps {
  store: Store;
  now: () => Date;
  /** Every configured lead destination's name, the inbox email first. */
  destinations: readonly string[];
}

/** The firm's time zone: every office is in Texas's Central time (exports and pages show it). */
export const firmTimeZone = "America/Chicago";

/** One value or every value of a form field (a checkbox list posts several). */
export function formValues(form: Record<string, unknown>, name: string): string[] {
  const value = form[name];
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  return list.filter((item): item is string => typeof item === "string" && item !== "");
}

export const formValue = (form: Record<string, unknown>, name: string): string => formValues(form, name)[0] ?? "";

/** A visitor's text as shown to staff: escaped by the page, its invisible and bidi controls made visible. */
export function shown(value: unknown): string {
  if (typeof value === "string") return visibleControls(value, true);
  return typeof value === "number" ? String(value) : "";
}
