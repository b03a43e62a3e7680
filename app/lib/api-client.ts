/**
 * The browser's one request helper (docs/product.md §7): method, URL and optional JSON
 * body, credentials included, JSON content type; failures become the typed
 * errors of app/lib/errors.ts. Plus the query retry policy of docs/product.md §9.
 */
import { ApiError, errorForStatus, SessionExpiredError } from "./errors";

export const REQUEST_TIMEOUT_MS = 30_000;

export async function apiRequest<T = unknown>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  body?: unknown,
  opts: { headers?: Record<string, string>; timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await (opts.fetchImpl ?? fetch)(url, {
      method,
      credentials: "include",
      headers: { "Content-Type": "application/json", Accept: "application/json", ...opts.headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (error) {
    if (controller.signal.aborted) throw new ApiError("Request timed out", 408, "TIMEOUT");
    throw new ApiError(error instanceof Error ? error.message : "Network error", 0, "NETWORK_ERROR");
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    // Our API answers { message, code }; the table of docs/product.md §8 decides what the client reports.
    let message = text;
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === "string") message = parsed.message;
    } catch {
      // not JSON: keep the text
    }
    throw errorForStatus(response.status, message);
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** The current-user call: null on 401 (signed out), never retried. */
export async function fetchCurrentUser(fetchImpl?: typeof fetch) {
  try {
    return await apiRequest<{ id: string; email: string; createdAt: string }>("GET", "/api/auth/user", undefined, {
      fetchImpl,
    });
  } catch (error) {
    if (error instanceof SessionExpiredError) return null;
    throw error;
  }
}

export const MAX_RETRIES = 2;

/** Spec §9: retry up to 2 times, never on a session error nor on a 4xx other than TIMEOUT. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof SessionExpiredError) return false;
  if (error instanceof ApiError) {
    if (error.code === "TIMEOUT") return true;
    if (error.status >= 400 && error.status < 500) return false;
  }
  return true;
}

/** Delay before retry n (0-based): 1 s, doubling, capped at 3 s. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 3000);
}

/** Runs a query with the retry policy. Mutations do not use this: they are never retried. */
export async function withRetry<T>(
  fn: () => Promise<T>,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await fn();
    } catch (error) {
      if (!shouldRetry(failures, error)) throw error;
      await sleep(retryDelay(failures));
    }
  }
}

/** Spec §9 refresh tiers, in milliseconds (null: never refreshed). */
export const REFRESH_TIERS = { CRITICAL: 30_000, IMPORTANT: 300_000, MODERATE: 600_000, LOW: null } as const;
export type RefreshTier = keyof typeof REFRESH_TIERS;

export const REFRESH_TIER_OF: Record<string, RefreshTier> = {
  "/api/dashboard/data": "CRITICAL",
  "/api/usage/warnings": "CRITICAL",
  "/api/alerts/active": "CRITICAL",
  "/api/recommendations": "IMPORTANT",
  "/api/trial/status": "IMPORTANT",
  "/api/analytics": "MODERATE",
  "/api/achievements": "LOW",
};

/** Query cache timings of docs/product.md §9, in milliseconds. */
export const QUERY_DEFAULTS = { staleTime: 600_000, gcTime: 1_800_000 } as const;
export const PREFETCH_DELAY_MS = 1_000;
export const SECONDARY_PREFETCH_DELAY_MS = 2_000;
