/** A fixed-window counter per client address: enough to stop one client flooding the forms. */
export function createRateLimiter(limit: number, windowMs = 60_000, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  return function allow(key: string): boolean {
    const time = now();
    const current = windows.get(key);
    if (!current || time - current.start >= windowMs) {
      if (windows.size > 10_000) for (const [k, w] of windows) if (time - w.start >= windowMs) windows.delete(k);
      windows.set(key, { start: time, count: 1 });
      return true;
    }
    current.count += 1;
    return current.count <= limit;
  };
}
