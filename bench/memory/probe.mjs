// Preloaded into the server by bench:memory (node --import): reports the process's memory to the
// bench over the IPC channel, so the server's own code carries nothing for the measurement.
const every = Number(process.env.BENCH_MEMORY_PROBE_MS ?? 5000);
if (process.send) {
  setInterval(() => process.send?.({ kind: 'memory', at: Date.now(), ...process.memoryUsage() }), every).unref();
}
