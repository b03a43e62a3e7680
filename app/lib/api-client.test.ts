// The request helper (docs/product.md §7) and the retry schedule (docs/product.md §9), with fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  MAX_RETRIES,
  REFRESH_TIERS,
  REFRESH_TIER_OF,
  apiRequest,
  fetchCurrentUser,
  retryDelay,
  shouldRetry,
  withRetry,
} from "./api-client";
import { ApiError, SessionExpiredError, errorForStatus } from "./errors";

function fakeFetch(...answers: (Response | Error)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = answers.length > 1 ? answers.shift()! : answers[0];
    if (next instanceof Error) throw next;
    return next.clone();
  }) as unknown as typeof fetch;
  return { impl, calls };
}
const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("apiRequest", () => {
  it("sends method, JSON body, credentials and the JSON content type", async () => {
    const f = fakeFetch(jsonResponse(201, { id: "t1", name: "Acme" }));
    const out = await apiRequest("POST", "/api/tenants", { name: "Acme" }, { fetchImpl: f.impl });
    expect(out).toEqual({ id: "t1", name: "Acme" });
    expect(f.calls[0].url).toBe("/api/tenants");
    expect(f.calls[0].init).toMatchObject({
      method: "POST",
      credentials: "include",
      body: JSON.stringify({ name: "Acme" }),
    });
    expect((f.calls[0].init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("a GET has no body", async () => {
    const f = fakeFetch(jsonResponse(200, []));
    await apiRequest("GET", "/api/tenants", undefined, { fetchImpl: f.impl });
    expect(f.calls[0].init.body).toBeUndefined();
    expect(f.calls[0].init.credentials).toBe("include");
  });

  it("an error answer becomes the §8 error, keeping the server's message", async () => {
    const f = fakeFetch(
      jsonResponse(403, { message: "Upgrade to Pro to create up to 3 organizations", code: "FORBIDDEN" }),
    );
    const error = await apiRequest("POST", "/api/tenants", { name: "B" }, { fetchImpl: f.impl }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: "FORBIDDEN",
      message: "Access forbidden",
      serverMessage: "Upgrade to Pro to create up to 3 organizations",
    });
  });

  it("a 401 is the session-expiry error; a 400 keeps the validation message", async () => {
    const e401 = await apiRequest("GET", "/api/user/plan", undefined, {
      fetchImpl: fakeFetch(jsonResponse(401, { message: "Authentication required", code: "UNAUTHORIZED" })).impl,
    }).catch((e) => e);
    expect(e401).toBeInstanceOf(SessionExpiredError);
    const e400 = await apiRequest(
      "POST",
      "/api/tenants",
      { name: "" },
      {
        fetchImpl: fakeFetch(jsonResponse(400, { message: "Organization name is required", code: "VALIDATION_ERROR" }))
          .impl,
      },
    ).catch((e) => e);
    expect(e400).toMatchObject({ code: "REQUEST_FAILED", message: "Organization name is required", status: 400 });
  });

  it("a failed connection is NETWORK_ERROR; an aborted one is TIMEOUT", async () => {
    const net = await apiRequest("GET", "/x", undefined, {
      fetchImpl: fakeFetch(new TypeError("Failed to fetch")).impl,
    }).catch((e) => e);
    expect(net).toMatchObject({ code: "NETWORK_ERROR" });
    const hanging = ((_u: string, init: RequestInit) =>
      new Promise((_, reject) =>
        init.signal!.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
      )) as unknown as typeof fetch;
    const timeout = await apiRequest("GET", "/x", undefined, { fetchImpl: hanging, timeoutMs: 5 }).catch((e) => e);
    expect(timeout).toMatchObject({ code: "TIMEOUT" });
  });

  it("the current-user call answers null on 401 and is called once (never retried)", async () => {
    const f = fakeFetch(jsonResponse(401, { message: "Authentication required", code: "UNAUTHORIZED" }));
    expect(await fetchCurrentUser(f.impl)).toBeNull();
    expect(f.calls).toHaveLength(1);
    const ok = fakeFetch(jsonResponse(200, { id: "u", email: "a@example.com", createdAt: "2026-01-01T00:00:00.000Z" }));
    expect(await fetchCurrentUser(ok.impl)).toMatchObject({ email: "a@example.com" });
  });
});

describe("retry policy (docs/product.md §9)", () => {
  it("retries at most 2 times", () => {
    expect(MAX_RETRIES).toBe(2);
    const e = errorForStatus(500);
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, e))).toEqual([true, true, false, false]);
  });
  it("never after a session error or a 4xx other than TIMEOUT", () => {
    expect(shouldRetry(0, new SessionExpiredError())).toBe(false);
    for (const s of [400, 403, 404, 409, 429]) expect(shouldRetry(0, errorForStatus(s)), String(s)).toBe(false);
    expect(shouldRetry(0, new ApiError("Request timed out", 408, "TIMEOUT"))).toBe(true);
    for (const s of [500, 502, 503, 504]) expect(shouldRetry(0, errorForStatus(s)), String(s)).toBe(true);
    expect(shouldRetry(0, new ApiError("offline", 0, "NETWORK_ERROR"))).toBe(true);
  });
  it("delays 1 s, 2 s, then capped at 3 s", () => {
    expect([0, 1, 2, 3, 10].map(retryDelay)).toEqual([1000, 2000, 3000, 3000, 3000]);
  });
  it("refresh tiers: 30 s, 5 min, 10 min, never", () => {
    expect(REFRESH_TIERS).toEqual({ CRITICAL: 30_000, IMPORTANT: 300_000, MODERATE: 600_000, LOW: null });
    expect(REFRESH_TIER_OF).toEqual({
      "/api/dashboard/data": "CRITICAL",
      "/api/usage/warnings": "CRITICAL",
      "/api/alerts/active": "CRITICAL",
      "/api/recommendations": "IMPORTANT",
      "/api/trial/status": "IMPORTANT",
      "/api/analytics": "MODERATE",
      "/api/achievements": "LOW",
    });
  });
});

describe("withRetry schedule with fake timers", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("a failing query is tried 3 times, 1 s then 2 s apart, then fails", async () => {
    const times: number[] = [];
    const start = Date.now();
    const fn = vi.fn(async () => {
      times.push(Date.now() - start);
      throw errorForStatus(503);
    });
    const result = withRetry(fn).catch((e) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await result;
    expect(error).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    expect(times).toEqual([0, 1000, 3000]);
  });

  it("nothing happens before the 1 s delay is over", async () => {
    const fn = vi.fn(async () => {
      throw errorForStatus(500);
    });
    const result = withRetry(fn).catch((e) => e);
    await vi.advanceTimersByTimeAsync(999);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5000);
    await result;
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it("recovers when a retry succeeds", async () => {
    let n = 0;
    const result = withRetry(async () => {
      if (++n < 2) throw errorForStatus(502);
      return "ok";
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await result).toBe("ok");
  });

  it.each([
    ["a session error", new SessionExpiredError()],
    ["a 403", errorForStatus(403)],
    ["a 404", errorForStatus(404)],
    ["a 429", errorForStatus(429)],
  ])("no retry after %s", async (_label, err) => {
    const fn = vi.fn(async () => {
      throw err;
    });
    const result = withRetry(fn).catch((e) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await result).toBe(err);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("a TIMEOUT is retried", async () => {
    const fn = vi.fn(async () => {
      throw new ApiError("Request timed out", 408, "TIMEOUT");
    });
    const result = withRetry(fn).catch((e) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    await result;
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it("mutations are never retried: apiRequest itself makes one call", async () => {
    const f = fakeFetch(jsonResponse(500, { message: "Internal server error", code: "SERVER_ERROR" }));
    const result = apiRequest("POST", "/api/tenants", { name: "Acme" }, { fetchImpl: f.impl }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await result).toMatchObject({ code: "SERVER_ERROR" });
    expect(f.calls).toHaveLength(1);
  });
});
