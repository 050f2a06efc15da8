/**
 * A fixed-window counter per client address: enough to stop one client flooding the forms. It
 * holds at most `maxKeys` addresses: expired windows go first, then the oldest, so a flood of
 * distinct addresses costs bounded memory.
 */
export function createRateLimiter(limit: number, windowMs = 60_000, now: () => number = Date.now, maxKeys = 10_000) {
  const windows = new Map<string, { start: number; count: number }>();
  const allow = (key: string): boolean => {
    const time = now();
    const current = windows.get(key);
    if (!current || time - current.start >= windowMs) {
      if (current) windows.delete(key);
      if (windows.size >= maxKeys) {
        for (const [k, w] of windows) if (time - w.start >= windowMs) windows.delete(k);
        // Map keeps insertion order: the first keys are the oldest windows.
        for (const k of windows.keys()) {
          if (windows.size < maxKeys) break;
          windows.delete(k);
        }
      }
      windows.set(key, { start: time, count: 1 });
      return true;
    }
    current.count += 1;
    return current.count <= limit;
  };
  return Object.assign(allow, { size: () => windows.size });
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
