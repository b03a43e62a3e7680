/**
 * Small helpers shared by the /api resource routes: a JSON 405 for methods a
 * route does not take, the per-user write limit, and a multipart upload's form.
 */
import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { badRequest, jsonError, methodNotAllowed, tooManyRequests } from "./http.server";
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

/**
 * A multipart upload's form, each part held in memory up to `maxPartBytes`: a larger part is answered 413 with
 * the route's `tooLarge` message, a body that is not readable multipart 400. The answer is returned, not thrown,
 * for the route to return.
 */
export async function readMultipartUpload(
  request: Request,
  maxPartBytes: number,
  tooLarge: string,
): Promise<FormData | Response> {
  try {
    return await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: maxPartBytes }),
    );
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return jsonError(413, tooLarge, "PAYLOAD_TOO_LARGE");
    return badRequest("The multipart body could not be read.");
  }
}
