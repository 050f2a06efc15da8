import { firm } from "./firm";
import type { Locale } from "./locales";

/**
 * When the firm's phone is answered, in words, from the firm settings' hours (the same hours the
 * structured data gives search engines), so a change in the settings changes every sentence.
 */

interface Hours {
  days: readonly string[];
  opens: string;
  closes: string;
}

const week = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

const dayName: Record<Locale, Record<string, string>> = {
  en: Object.fromEntries(week.map((day) => [day, day])),
  es: {
    Monday: "lunes",
    Tuesday: "martes",
    Wednesday: "miércoles",
    Thursday: "jueves",
    Friday: "viernes",
    Saturday: "sábado",
    Sunday: "domingo",
  },
};

const words = {
  en: { to: "to", and: "and", am: "a.m.", pm: "p.m." },
  es: { to: "a", and: "y", am: "a. m.", pm: "p. m." },
} as const;

/** "18:00" as "6:00 p.m." (English) or "6:00 p. m." (Spanish). */
export function clockTime(clock: string, locale: Locale): string {
  const [hours = 0, minutes = 0] = clock.split(":").map(Number);
  const w = words[locale];
  return `${hours % 12 || 12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? w.am : w.pm}`;
}

/** The open days: a run of consecutive days as "Monday to Friday", else a list. */
export function openDays(days: readonly string[], locale: Locale): string {
  const sorted = week.filter((day) => days.includes(day));
  const names = sorted.map((day) => dayName[locale][day] ?? day);
  const first = week.indexOf(sorted[0] ?? "Monday");
  const consecutive = sorted.every((day, index) => week.indexOf(day) === first + index);
  const w = words[locale];
  if (names.length > 2 && consecutive) return `${names[0]} ${w.to} ${names[names.length - 1]}`;
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} ${w.and} ${names[names.length - 1]}` : (names[0] ?? "");
}

const hoursSentence: Record<Locale, (days: string, from: string, to: string) => string> = {
  en: (days, from, to) => `${days}, ${from} to ${to}`,
  es: (days, from, to) => `${days}, de ${from} a ${to}`,
};

/** "Monday to Friday, 9:00 a.m. to 6:00 p.m."; Spanish: "lunes a viernes, de 9:00 a. m. a 6:00 p. m.". */
export function officeHours(locale: Locale, hours: Hours = firm.hours): string {
  const days = openDays(hours.days, locale);
  const from = clockTime(hours.opens, locale);
  const to = clockTime(hours.closes, locale);
  return hoursSentence[locale](days, from, to);
}
