/**
 * Small helpers shared by the /api resource routes: a JSON 405 for methods a
 * route does not take, and the per-user write limit.
 */
import { methodNotAllowed, tooManyRequests } from "./http.server";
import { LIMITS, rateLimit } from "./rate-limit.server";

/** The handler for methods a route does not take: JSON 405, never an HTML error page. */
export async function methodNotAllowedHandler(): Promise<Response> {
  throw methodNotAllowed();
}

/** `export const action = onlyGet;` on read-only API routes. */
export const onlyGet = methodNotAllowedHandler;

/** Writes are limited per user (signed-in reads never are). */
export function limitWrites(userId: string) {
  const r = rateLimit(`writes:${userId}`, LIMITS.writes.limit, LIMITS.writes.windowMs);
  if (!r.allowed) throw tooManyRequests(r.retryAfterSeconds);
}
