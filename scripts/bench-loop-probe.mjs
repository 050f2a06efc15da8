// Preloaded into the server by bench:abuse (node --import): measures the event loop's delay inside
// the server process and reports its maximum (then resets) when the parent asks over IPC.
import { monitorEventLoopDelay } from "node:perf_hooks";

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
let cpu = process.cpuUsage();
process.on("message", (message) => {
  if (message !== "loop-delay") return;
  const used = process.cpuUsage(cpu);
  process.send?.({
    maxMs: histogram.max / 1e6,
    rssMb: process.memoryUsage().rss / 1048576,
    cpuMs: (used.user + used.system) / 1000,
  });
  histogram.reset();
  cpu = process.cpuUsage();
});
process.channel?.unref();
