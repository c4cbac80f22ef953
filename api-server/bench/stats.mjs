// Latency figures of a bench row, shared by run.mjs and client-rows.mjs.

/** Exact percentiles of every kept latency, and the throughput over the elapsed time. */
export function summarise(latencies, elapsedMs) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q) =>
    sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 100) / 100 : null;
  return {
    requests: sorted.length,
    rps: Math.round((sorted.length / elapsedMs) * 1000),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
  };
}
