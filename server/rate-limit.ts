/** Fixed-window counter per client address; memory is bounded by pruning expired windows. */
export function createRateLimiter({ max, windowMs }: { max: number; windowMs: number }, now = () => Date.now()) {
  const windows = new Map<string, { start: number; count: number }>()
  let lastPrune = now()
  return {
    /** Counts one request; returns how many seconds to wait when over the limit, else 0. */
    hit(key: string): number {
      if (max === 0) return 0
      const t = now()
      if (t - lastPrune > windowMs) {
        for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k)
        lastPrune = t
      }
      const current = windows.get(key)
      if (!current || t - current.start >= windowMs) {
        windows.set(key, { start: t, count: 1 })
        return 0
      }
      current.count += 1
      return current.count > max ? Math.ceil((current.start + windowMs - t) / 1000) : 0
    },
  }
}
