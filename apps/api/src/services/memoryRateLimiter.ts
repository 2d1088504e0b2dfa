/**
 * Fixed-window counters in this process's memory. For high-volume, low-stakes limits (scan
 * analytics) where a shared database row would serialise every request; each API process
 * counts on its own, so N processes admit up to N × max.
 */
export function memoryRateLimiter(opts: { windowMs: number; max: number; maxKeys?: number }) {
  const maxKeys = opts.maxKeys ?? 100_000;
  let windowStart = 0;
  let counts = new Map<string, number>();
  return {
    /** Counts one hit; false when the key is over its limit in the current window. */
    allow(key: string, now = Date.now()): boolean {
      const start = Math.floor(now / opts.windowMs) * opts.windowMs;
      if (start !== windowStart || counts.size > maxKeys) {
        windowStart = start;
        counts = new Map();
      }
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      return n <= opts.max;
    },
  };
}
