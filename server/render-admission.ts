/**
 * Page renders admitted a few at a time, the rest waiting in arrival order.
 *
 * Why (docs/decisions/022-signed-in-page-speed.md): Node runs one render at a time anyway, but it
 * starts every request it has accepted. At 50 connections, 50 documents were in flight at once, each holding its
 * loader data, React tree and HTML for the whole time the other 49 took; that garbage survived the young-generation
 * collections, was promoted, and the old generation filled and was marked over and over. Measured on `/phishing`,
 * this admission cut the server's CPU per request by about a quarter, peak RSS from ~290 to ~210 MB and p99 from
 * ~1.2 s to ~0.4 s at 50 connections, with more requests served, not fewer.
 *
 * What waits is only the request itself (no loader has run). A render that takes long (a loader waiting on the
 * network, a page streaming deferred data) gives its slot back after `holdMs`, so a slow page delays the queue by at
 * most that long and never blocks it. A request whose client went away while it waited is dropped when its turn
 * comes. Only page and data GETs are admitted this way; API routes (the alert stream stays open for minutes) and
 * form posts are not.
 */
import { AsyncResource } from "node:async_hooks";
import type { NextFunction, Request, Response } from "express";

export type RenderAdmission = {
  (req: Request, res: Response, next: NextFunction): void;
  /** Renders running, and requests waiting (for the tests). */
  stats(): { running: number; waiting: number };
};

const ADMITTED_METHODS = new Set(["GET", "HEAD"]);

export function renderAdmission({ slots, holdMs = 1000 }: { slots: number; holdMs?: number }): RenderAdmission {
  let running = 0;
  const waiting: Array<() => void> = [];

  /** A slot is free: hand it to the next request still waiting, or count it free. */
  function handOn() {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  const admit = ((req, res, next) => {
    if (slots <= 0 || !ADMITTED_METHODS.has(req.method) || req.path.startsWith("/api/")) return next();
    let released = false;
    let timer: NodeJS.Timeout | undefined;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(timer);
      res.off("finish", release);
      res.off("close", release);
      handOn();
    };
    const start = () => {
      // Its client went away while it waited: nobody to render for.
      if (res.closed || res.destroyed || req.destroyed) return release();
      timer = setTimeout(release, holdMs);
      timer.unref();
      res.once("finish", release);
      res.once("close", release);
      next();
    };
    if (running < slots) {
      running++;
      start();
    } else {
      // Started later from another request's finish: bound to this request's own async context, so its
      // per-request scope (app/lib/request-scope.server.ts) is its own and not the finishing request's.
      waiting.push(AsyncResource.bind(start));
    }
  }) as RenderAdmission;
  admit.stats = () => ({ running, waiting: waiting.length });
  return admit;
}

/** RAMPART_RENDER_CONCURRENCY: renders admitted at once (default 3; 0 turns admission off). */
export function parseRenderConcurrency(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 3;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 1000)
    throw new Error(`RAMPART_RENDER_CONCURRENCY must be a whole number from 0 to 1000, not ${JSON.stringify(value)}`);
  return n;
}
