import { performance, type EventLoopUtilization } from "node:perf_hooks";

/**
 * How busy the server's event loop has been lately: the share of each `windowMs` it spent working
 * rather than waiting for I/O (Node's event-loop utilisation), sampled by an unreferenced timer.
 * Work that can wait (an upload, which costs the thread milliseconds per megabyte) is turned away
 * while the loop is loaded, so that pages and leads, which cannot wait, keep it.
 */
export function watchLoopLoad({ windowMs = 50, threshold = 0.75 } = {}) {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  let utilization = 0;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    utilization = performance.eventLoopUtilization(now, last).utilization;
    last = now;
  }, windowMs);
  timer.unref();
  return {
    /** The loop worked more than `threshold` of the last window. */
    loaded: () => utilization > threshold,
    stop: () => clearInterval(timer),
  };
}

export type LoopLoad = ReturnType<typeof watchLoopLoad>;
