// Preloaded into the server by bench:abuse (node --import): measures the event loop's delay inside
// the server process and reports its maximum (then resets) when the parent asks over IPC.
import { monitorEventLoopDelay } from "node:perf_hooks";

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
process.on("message", (message) => {
  if (message !== "loop-delay") return;
  process.send?.({ maxMs: histogram.max / 1e6, rssMb: process.memoryUsage().rss / 1048576 });
  histogram.reset();
});
process.channel?.unref();
