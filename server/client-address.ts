import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import ipaddr from "ipaddr.js";

/** Longest address kept as a rate-limit key (an IPv6 address with a zone fits). */
const maxKeyLength = 64;

function connectionAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** Four decimal octets without leading zeros (which ipaddr.js would read as octal). */
const canonicalIpv4 = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/;

/**
 * The key one client is counted under: one spelling per address, so `::FFFF:192.0.2.7`,
 * `192.0.2.7` and an address with a zone id (`fe80::1%eth0`) share a budget. An IPv6 client
 * counts by its /64, the block one subscriber is given, so it cannot rotate through its own
 * addresses for fresh budgets. Anything that is not an address is kept, lower case and bounded.
 */
export function clientKey(address: string): string {
  // The common case, a plain IPv4 address in canonical form, is its own key (ipaddr.js would give
  // it back unchanged); this runs for every connection and every upload.
  const octets = canonicalIpv4.exec(address);
  if (octets && octets.slice(1).every((octet) => Number(octet) <= 255)) return address;
  const bare = address
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "")
    .toLowerCase();
  if (!ipaddr.isValid(bare)) return bare.slice(0, maxKeyLength);
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const [a = 0, b = 0, c = 0, d = 0] = (parsed as ipaddr.IPv6).parts;
  return `${[a, b, c, d].map((part) => part.toString(16)).join(":")}::/64`;
}

/**
 * The client's address. With `trustedHops` proxies in front, each appends the address it saw to
 * X-Forwarded-For, so the entry the outermost trusted proxy wrote is `trustedHops` from the right;
 * everything to its left was written by the client and proves nothing.
 */
export function clientAddress(c: Context, trustedHops: number): string {
  return forwardedAddress(c.req.header("x-forwarded-for"), connectionAddress(c), trustedHops);
}

/** `clientAddress` from the header and the connection's address, for a request not yet in the app. */
export function forwardedAddress(forwardedFor: string | undefined, connection: string, trustedHops: number): string {
  if (trustedHops > 0) {
    const entries = (forwardedFor ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const entry = entries[entries.length - trustedHops];
    if (entry) return entry.slice(0, maxKeyLength);
  }
  return connection.slice(0, maxKeyLength);
}

/** Whether the visitor reached the site over HTTPS: the proxy's word counts only behind a trusted proxy. */
export function isHttps(c: Context, trustedHops: number): boolean {
  return c.req.url.startsWith("https:") || forwardedHttps(c.req.header("x-forwarded-proto"), trustedHops);
}

/** Whether a trusted proxy says the visitor used HTTPS (its entry is the last of X-Forwarded-Proto). */
export function forwardedHttps(forwardedProto: string | undefined, trustedHops: number): boolean {
  if (trustedHops === 0) return false;
  const forwarded = (forwardedProto ?? "").split(",").map((p) => p.trim());
  return forwarded[forwarded.length - 1] === "https";
}
