// Preloaded into the server by bench:abuse (node --import): measures the event loop's delay inside
// the server process and reports its maximum, with the time the loop was busy, the process's CPU
// time (every thread) and its memory, then resets, when the parent asks over IPC.
import { monitorEventLoopDelay, performance } from "node:perf_hooks";

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
let cpu = process.cpuUsage();
let loop = performance.eventLoopUtilization();
process.on("message", (message) => {
  if (message !== "loop-delay") return;
  const used = process.cpuUsage(cpu);
  process.send?.({
    maxMs: histogram.max / 1e6,
    rssMb: process.memoryUsage().rss / 1048576,
    cpuMs: (used.user + used.system) / 1000,
    loopBusyMs: performance.eventLoopUtilization(loop).active,
  });
  histogram.reset();
  cpu = process.cpuUsage();
  loop = performance.eventLoopUtilization();
});
process.channel?.unref();
