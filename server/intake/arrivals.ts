/**
 * When a request last reached the intake's accept path (accepted or turned away), and a wait for
 * that path to go quiet.
 *
 * Under a burst of posts, every turn of the event loop takes in one new connection and answers
 * one request; a visitor whose page request arrives behind the burst's connections waits for
 * every turn ahead of it. Work that can wait a moment (taking in an upload that was let in,
 * building a delivery) waits for the burst to pass instead of lengthening those turns.
 */
export interface Arrivals {
  /** A request reached the accept path. */
  arrived(): void;
  /** Milliseconds since a request last reached the accept path. */
  sinceLast(): number;
}

export function createArrivals(clock: () => number = Date.now): Arrivals {
  let last = -Infinity;
  return {
    arrived() {
      last = clock();
    },
    sinceLast: () => clock() - last,
  };
}

export interface GiveWayOptions {
  /** The path counts as quiet once no request has reached it for this long. */
  quietMs: number;
  /** The longest wait: a flood that never ends delays the work, it never starves it. */
  maxMs: number;
  /** Waits `ms` (the outbox passes one that its stop ends early). */
  pause?: (ms: number) => Promise<void>;
  /** Ends the wait at once (the outbox is stopping). */
  cancelled?: () => boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves once the accept path has been quiet for `quietMs`, or after `maxMs` at most. */
export async function giveWay(
  arrivals: Arrivals,
  { quietMs, maxMs, pause = sleep, cancelled = () => false }: GiveWayOptions,
): Promise<void> {
  const until = Date.now() + maxMs;
  for (;;) {
    const left = Math.min(quietMs - arrivals.sinceLast(), until - Date.now());
    if (left <= 0 || cancelled()) return;
    await pause(Math.ceil(left));
  }
}
