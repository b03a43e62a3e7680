/**
 * Fixed-window rate limits kept in process memory, keyed by purpose and client
 * address. One Node process is the supported deployment (docs/operations.md):
 * with several processes each keeps its own counts, so the effective limit
 * multiplies by the process count. Sign-in failures are counted in SQLite
 * instead (accounts.server.ts), which every process shares.
 */
type Bucket = { count: number; resetAt: number };

const buckets = new Map<string, Bucket>();
let lastSweep = 0;

export type RateLimitResult = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

export function rateLimit(key: string, limit: number, windowMs: number, now = Date.now()): RateLimitResult {
  if (now - lastSweep > 60_000) {
    lastSweep = now;
    for (const [k, b] of buckets) if (b.resetAt <= now) buckets.delete(k);
  }
  let bucket = buckets.get(key);
  if (!bucket || bucket.resetAt <= now) {
    bucket = { count: 0, resetAt: now + windowMs };
    buckets.set(key, bucket);
  }
  if (bucket.count >= limit) return { allowed: false, retryAfterSeconds: Math.ceil((bucket.resetAt - now) / 1000) };
  bucket.count += 1;
  return { allowed: true, remaining: limit - bucket.count };
}

/** Forget every bucket (tests). */
export function resetRateLimits() {
  buckets.clear();
}

export const LIMITS = {
  signup: { limit: 10, windowMs: 60 * 60 * 1000 },
  contact: { limit: 5, windowMs: 60 * 60 * 1000 },
  breachCheck: { limit: 30, windowMs: 60 * 1000 },
  pwnedRange: { limit: 120, windowMs: 60 * 1000 },
  // Writes per user; generous so a person never meets it, strict enough to stop a runaway script.
  writes: { limit: 600, windowMs: 60 * 1000 },
} as const;
