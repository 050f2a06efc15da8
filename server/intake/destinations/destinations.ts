import { Webhook } from "standardwebhooks";
import { z } from "zod";

/** Clio Grow's Lead Inbox, by the data region of the firm's account. */
export const clioGrowHosts = {
  us: "https://grow.clio.com",
  eu: "https://eu.grow.clio.com",
  au: "https://au.grow.clio.com",
  ca: "https://ca.grow.clio.com",
} as const;

export type DestinationConfig =
  | { kind: "webhook"; name: string; url: string; secret: string }
  | { kind: "clio-grow"; name: string; url: string; token: string };

/** The email to the firm's inbox is always a destination; its name is reserved. */
export const emailDestination = "email";

const prefix = "DESTINATION_";
const settingNames = ["KIND", "URL", "SECRET", "TOKEN", "REGION"] as const;
type Setting = (typeof settingNames)[number];

/** https, or http on loopback (a receiver on the same machine, the tests). */
function isDeliveryUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.username || url.password) return false;
    if (url.protocol === "https:") return true;
    return url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
  } catch {
    return false;
  }
}

const deliveryUrl = z
  .string()
  .refine(isDeliveryUrl, "must be an https:// URL (http:// only on loopback), no user:pass");

const webhookSecret = z.string().refine((value) => {
  if (!/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(value)) return false;
  try {
    // The library decodes it the same way when signing: a secret it refuses fails here, at start.
    new Webhook(value);
    return Buffer.from(value.slice("whsec_".length), "base64").length >= 24;
  } catch {
    return false;
  }
}, "must be a Standard Webhooks secret: whsec_ followed by at least 24 bytes in base64");

const schemas = {
  webhook: z.object({ KIND: z.literal("webhook"), URL: deliveryUrl, SECRET: webhookSecret }).strict(),
  "clio-grow": z
    .object({
      KIND: z.literal("clio-grow"),
      TOKEN: z.string().min(8, "must be the inbox token from Clio Grow (Settings, Integrations)"),
      REGION: z.enum(["us", "eu", "au", "ca"]).default("us"),
      /** Overrides the regional host (a test receiver). */
      URL: deliveryUrl.optional(),
    })
    .strict(),
};

/** Values that are secrets are never repeated in an error message. */
const secretSettings: readonly Setting[] = ["SECRET", "TOKEN"];

/**
 * The configured destinations besides email, from `DESTINATION_<NAME>_<SETTING>` variables
 * (`DESTINATION_ZAPIER_KIND=webhook`, `DESTINATION_ZAPIER_URL=…`). Throws with a one-line message
 * naming the variable for a bad URL, a missing secret, an unknown kind or an unknown setting.
 */
export function parseDestinations(source: Record<string, string | undefined>): DestinationConfig[] {
  const groups = new Map<string, Partial<Record<Setting, string>>>();
  for (const [key, value] of Object.entries(source)) {
    if (!key.startsWith(prefix) || value === undefined || value === "") continue;
    const match = /^DESTINATION_([A-Z0-9]+(?:_[A-Z0-9]+)*)_([A-Z]+)$/.exec(key);
    const setting = settingNames.find((name) => name === match?.[2]);
    if (!match || !setting)
      throw new Error(`${key}: unknown setting (expected DESTINATION_<NAME>_${settingNames.join("|")})`);
    const group = groups.get(match[1]!) ?? {};
    group[setting] = value;
    groups.set(match[1]!, group);
  }
  const destinations: DestinationConfig[] = [];
  for (const [upper, settings] of groups) {
    const name = upper.toLowerCase().replace(/_/g, "-");
    const variable = (setting: string) => `${prefix}${upper}_${setting}`;
    if (name === emailDestination) throw new Error(`${variable("KIND")}: the name "email" is reserved for the inbox`);
    const kind = settings.KIND;
    if (kind !== "webhook" && kind !== "clio-grow")
      throw new Error(
        `${variable("KIND")}: must be webhook or clio-grow (got ${kind === undefined ? "nothing" : JSON.stringify(kind)})`,
      );
    const result = schemas[kind].safeParse(settings);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      const setting = String(issue.path[0] ?? (issue.code === "unrecognized_keys" ? issue.keys[0] : "KIND"));
      const got = settings[setting as Setting];
      const shown =
        got === undefined ? "nothing" : secretSettings.includes(setting as Setting) ? "a value" : JSON.stringify(got);
      throw new Error(`${variable(setting)}: ${got === undefined ? "is required" : issue.message} (got ${shown})`);
    }
    const data = result.data;
    destinations.push(
      data.KIND === "webhook"
        ? { kind: "webhook", name, url: data.URL, secret: data.SECRET }
        : {
            kind: "clio-grow",
            name,
            url: data.URL ?? `${clioGrowHosts[data.REGION]}/inbox_leads`,
            token: data.TOKEN,
          },
    );
  }
  return destinations.sort((a, b) => a.name.localeCompare(b.name));
}
