/**
 * One shape for API errors: `{ message, code }` with the status of docs/product.md §8.
 * Handlers *throw* these responses (Epic Stack style) instead of returning
 * something for every caller to check.
 */
import type { ZodError } from "zod";
import { parseBoundedJson } from "./bounded-json";
import { DomainError, STATUS_MESSAGE, type ServerErrorCode } from "./errors";

export function jsonError(status: number, message: string, code: ServerErrorCode, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set("Content-Type", "application/json; charset=utf-8");
  h.set("Cache-Control", "no-store");
  return new Response(JSON.stringify({ message, code }), { status, headers: h });
}

export const unauthorized = () => jsonError(401, STATUS_MESSAGE[401], "UNAUTHORIZED");
export const forbidden = (message: string = STATUS_MESSAGE[403]) => jsonError(403, message, "FORBIDDEN");
export const notFound = () => jsonError(404, STATUS_MESSAGE[404], "NOT_FOUND");
export const badRequest = (message: string) => jsonError(400, message, "VALIDATION_ERROR");
export const methodNotAllowed = () => jsonError(405, "Method not allowed", "METHOD_NOT_ALLOWED");
export const tooManyRequests = (retryAfterSeconds: number) =>
  jsonError(429, STATUS_MESSAGE[429], "RATE_LIMITED", {
    "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const payloadTooLarge = () => jsonError(413, "Request body is too large", "PAYLOAD_TOO_LARGE");

/**
 * JSON answers are `private, no-store` unless the route sets its own
 * Cache-Control: API answers are tenant data, and a browser or proxy must not
 * keep them (issue 10; the production server applies the same default to
 * every other answer to a signed-in request).
 */
export const PRIVATE_NO_STORE = "private, no-store";

export function json<T>(data: T, init?: number | ResponseInit): Response {
  const responseInit: ResponseInit = typeof init === "number" ? { status: init } : (init ?? {});
  const headers = new Headers(responseInit.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", PRIVATE_NO_STORE);
  return new Response(JSON.stringify(data), { ...responseInit, headers });
}

/** The first issue of a zod error, phrased for a person. */
export function firstIssue(error: ZodError): string {
  const issue = error.issues[0];
  return issue ? issue.message : "Invalid request";
}

/**
 * Reads a JSON body for an API action. Malformed JSON, a wrong content type or
 * a non-object body are a 400, never a 500; so is a body nested or wide
 * beyond JSON_LIMITS (app/lib/bounded-json.ts), refused before it is parsed.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw badRequest("Content-Type must be application/json");
  }
  let text: string;
  try {
    text = await request.text();
  } catch {
    throw badRequest("The request body could not be read");
  }
  const parsed = parseBoundedJson(text);
  if (!parsed.ok) throw badRequest(parsed.message);
  return parsed.value;
}

/**
 * Reads a form body for an action. A body that is not a form (another
 * content type, a multipart body that does not parse) is a thrown 400
 * `{ message, code }`, never the TypeError request.formData() would throw.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw badRequest("Send the form as application/x-www-form-urlencoded or multipart/form-data");
  }
}

/**
 * The one place a DomainError becomes HTTP (issue 27 §3). For an API: the error's
 * `{ message, code }` with its status. Anything that is not a DomainError is
 * rethrown: an unexpected failure stays a 500 and is logged as one.
 */
export function domainErrorResponse(error: unknown, headers?: HeadersInit): Response {
  if (!(error instanceof DomainError)) throw error;
  return jsonError(error.status, error.message, error.code, headers);
}

/**
 * For a form: the field the error belongs to (`form` when it names none), its
 * message and status, for the page to show next to the field. Anything that is
 * not a DomainError is rethrown.
 */
export function domainFieldError(error: unknown): {
  status: number;
  field: string;
  message: string;
  code: ServerErrorCode;
} {
  if (!(error instanceof DomainError)) throw error;
  return { status: error.status, field: error.field ?? "form", message: error.message, code: error.code };
}

/** Reads a JSON body that must be an object (the APIs that take named fields): anything else is a thrown 400. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request);
  if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest("Send a JSON object");
  return body as Record<string, unknown>;
}
