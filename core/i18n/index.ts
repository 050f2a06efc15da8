import type { Locale } from "../locales";
import { en, type Messages } from "./en";
import { es } from "./es";

export type { Messages };
const dictionaries: Record<Locale, Messages> = { en, es };

export function messages(locale: Locale): Messages {
  return dictionaries[locale];
}
