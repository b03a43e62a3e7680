/**
 * Render admission (issue 12, third pass): a few page renders at a time, the rest in arrival order; a slow render
 * or a client that went away never blocks the queue. The middleware is driven with request and response objects
 * that behave like Express's where it matters (events, closed/destroyed flags).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { EventEmitter } from "node:events";
import type { NextFunction, Request, Response } from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseRenderConcurrency, renderAdmission } from "./render-admission";

type FakeRes = EventEmitter & { closed: boolean; destroyed: boolean };

function request(path = "/phishing", method = "GET") {
  const req = Object.assign(new EventEmitter(), { path, method, destroyed: false });
  const res = Object.assign(new EventEmitter(), { closed: false, destroyed: false }) as FakeRes;
  return { req: req as unknown as Request, res, resForMiddleware: res as unknown as Response };
}

/** Sends `n` requests through the middleware; answers them with which ones have started rendering. */
function send(admit: ReturnType<typeof renderAdmission>, n: number, path?: string, method?: string) {
  const started: number[] = [];
  const reqs = Array.from({ length: n }, (_, i) => {
    const r = request(path, method);
    admit(r.req, r.resForMiddleware, (() => started.push(i)) as NextFunction);
    return r;
  });
  return { started, reqs };
}

function finish(res: FakeRes) {
  res.emit("finish");
  res.closed = true;
  res.emit("close");
}

afterEach(() => vi.useRealTimers());

describe("render admission", () => {
  it("renders `slots` pages at once and starts the others in arrival order as renders finish", () => {
    const admit = renderAdmission({ slots: 2 });
    const { started, reqs } = send(admit, 5);
    expect(started).toEqual([0, 1]);
    expect(admit.stats()).toEqual({ running: 2, waiting: 3 });
    finish(reqs[1].res);
    expect(started).toEqual([0, 1, 2]);
    finish(reqs[0].res);
    finish(reqs[2].res);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    finish(reqs[3].res);
    finish(reqs[4].res);
    expect(admit.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("frees the slot once per request, whether it finished, closed or both", () => {
    const admit = renderAdmission({ slots: 1 });
    const { started, reqs } = send(admit, 3);
    finish(reqs[0].res); // finish then close: one release
    expect(started).toEqual([0, 1]);
    expect(admit.stats()).toEqual({ running: 1, waiting: 1 });
  });

  it("drops a waiting request whose client went away, without rendering it", () => {
    const admit = renderAdmission({ slots: 1 });
    const { started, reqs } = send(admit, 3);
    reqs[1].res.closed = true;
    reqs[1].res.emit("close");
    finish(reqs[0].res);
    // Request 1 is skipped; request 2 renders in its place.
    expect(started).toEqual([0, 2]);
    expect(admit.stats()).toEqual({ running: 1, waiting: 0 });
  });

  it("gives the slot back after holdMs when a render takes longer, so a slow page never blocks the queue", () => {
    vi.useFakeTimers();
    const admit = renderAdmission({ slots: 1, holdMs: 1000 });
    const { started, reqs } = send(admit, 2);
    vi.advanceTimersByTime(999);
    expect(started).toEqual([0]);
    vi.advanceTimersByTime(1);
    expect(started).toEqual([0, 1]);
    // The slow render ends later: it does not free a second slot.
    finish(reqs[0].res);
    expect(admit.stats()).toEqual({ running: 1, waiting: 0 });
  });

  it("lets API routes (the alert stream stays open) and form posts through without waiting", () => {
    const admit = renderAdmission({ slots: 1 });
    send(admit, 1); // the only slot is taken
    expect(send(admit, 2, "/api/alerts/stream").started).toEqual([0, 1]);
    expect(send(admit, 2, "/phishing", "POST").started).toEqual([0, 1]);
    expect(send(admit, 1, "/settings", "HEAD").started).toEqual([]);
  });

  it("runs a request that waited in its own async context, not in that of the request whose end started it", () => {
    const scope = new AsyncLocalStorage<string>();
    const admit = renderAdmission({ slots: 1 });
    const seen: (string | undefined)[] = [];
    const a = request();
    const b = request();
    scope.run("a", () => admit(a.req, a.resForMiddleware, () => seen.push(scope.getStore())));
    scope.run("b", () => admit(b.req, b.resForMiddleware, () => seen.push(scope.getStore())));
    expect(seen).toEqual(["a"]);
    // Request a ends inside its own context; b must still see "b" (its per-request memo is its own).
    scope.run("a", () => finish(a.res));
    expect(seen).toEqual(["a", "b"]);
  });

  it("is off with 0 slots", () => {
    expect(send(renderAdmission({ slots: 0 }), 10).started).toHaveLength(10);
  });
});

describe("RAMPART_RENDER_CONCURRENCY", () => {
  it("defaults to 3, takes a whole number and refuses anything else", () => {
    expect(parseRenderConcurrency(undefined)).toBe(3);
    expect(parseRenderConcurrency("")).toBe(3);
    expect(parseRenderConcurrency("0")).toBe(0);
    expect(parseRenderConcurrency("8")).toBe(8);
    for (const bad of ["-1", "2.5", "many", "1e9"])
      expect(() => parseRenderConcurrency(bad), bad).toThrow(/RAMPART_RENDER_CONCURRENCY/);
  });
});
