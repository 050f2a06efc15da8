import { clientKey } from "../client-address";

/**
 * A fixed-window counter per client (its canonical key: see clientKey): enough to stop one
 * client flooding the forms. It holds at most `maxKeys` clients. A window is (re)inserted when
 * it starts, so the Map's insertion order is the order windows started: expired and, when full,
 * oldest windows are taken from the front, each key deleted once, so a flood of distinct
 * addresses costs bounded memory and constant time per request.
 */
export function createRateLimiter(limit: number, windowMs = 60_000, now: () => number = Date.now, maxKeys = 10_000) {
  const windows = new Map<string, { start: number; count: number }>();
  const evict = (time: number) => {
    for (const [key, window] of windows) {
      if (windows.size < maxKeys && time - window.start < windowMs) break;
      windows.delete(key);
    }
  };
  const allow = (address: string): boolean => {
    const key = clientKey(address);
    const time = now();
    const current = windows.get(key);
    if (!current || time - current.start >= windowMs) {
      if (current) windows.delete(key);
      evict(time);
      windows.set(key, { start: time, count: 1 });
      return true;
    }
    current.count += 1;
    return current.count <= limit;
  };
  return Object.assign(allow, { size: () => windows.size });
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
