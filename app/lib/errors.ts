/**
 * The error catalogue of docs/product.md §8: HTTP status to message and code, the
 * separate session-expiry error type, the user-facing messages and the global
 * error toast. Used by the server (API answers) and the browser (request helper).
 */

export const ERROR_CODES = [
  "NETWORK_ERROR",
  "TIMEOUT",
  "RATE_LIMITED",
  "SERVER_ERROR",
  "SERVICE_UNAVAILABLE",
  "FORBIDDEN",
  "NOT_FOUND",
  "REQUEST_FAILED",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Codes the server also sends in `{ message, code }` answers. */
export type ServerErrorCode =
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "RATE_LIMITED"
  | "SERVER_ERROR"
  | "SERVICE_UNAVAILABLE"
  | "VALIDATION_ERROR"
  | "PAYLOAD_TOO_LARGE"
  | "UPGRADE_REQUIRED"
  | "METHOD_NOT_ALLOWED"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "EMAIL_NOT_VERIFIED"
  // The request is allowed but the state forbids it (a trial already used): 409.
  | "CONFLICT";

export const STATUS_MESSAGE = {
  401: "Authentication required",
  403: "Access forbidden",
  404: "Resource not found",
  429: "Too many requests",
  500: "Internal server error",
  503: "Service temporarily unavailable",
} as const;

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  /** The server's own `message`, when it sent one (e.g. the plan's upgrade message on a 403). */
  readonly serverMessage?: string;
  constructor(message: string, status: number, code: ErrorCode, serverMessage?: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
  }
}

/** The session-expiry error type: a 401 from the server. */
export class SessionExpiredError extends Error {
  readonly status = 401;
  constructor(message = "Authentication required") {
    super(message);
    this.name = "SessionExpiredError";
  }
}

/** Spec §8 status mapping. `text` is the response body, used where the table says so. */
export function errorForStatus(status: number, text?: string): ApiError | SessionExpiredError {
  const body = text?.trim() ? text.trim() : undefined;
  switch (status) {
    case 401:
      return new SessionExpiredError(body ?? "Authentication required");
    case 403:
      return new ApiError("Access forbidden", 403, "FORBIDDEN", body);
    case 404:
      return new ApiError("Resource not found", 404, "NOT_FOUND", body);
    case 429:
      return new ApiError("Too many requests", 429, "RATE_LIMITED", body);
    case 500:
      return new ApiError("Internal server error", 500, "SERVER_ERROR", body);
    case 502:
    case 503:
    case 504:
      return new ApiError("Service temporarily unavailable", status, "SERVICE_UNAVAILABLE", body);
    default:
      return new ApiError(body ?? `Request failed with status ${status}`, status, "REQUEST_FAILED", body);
  }
}

export const USER_MESSAGES: Record<ErrorCode | "SESSION_EXPIRED", string> = {
  SESSION_EXPIRED: "Your session has expired. Please sign in again.",
  NETWORK_ERROR: "Unable to connect to our servers. Please check your internet connection.",
  TIMEOUT: "Request timed out. Please try again.",
  RATE_LIMITED: "Too many requests. Please wait a moment and try again.",
  SERVER_ERROR: "Our systems are experiencing issues. Please try again later.",
  SERVICE_UNAVAILABLE: "Service is temporarily unavailable. Please try again in a few minutes.",
  FORBIDDEN: "You do not have permission to access this resource.",
  NOT_FOUND: "The requested resource was not found.",
  REQUEST_FAILED: "An unexpected error occurred.",
};

/** The message a person sees for any error. */
export function userMessage(error: unknown): string {
  if (error instanceof SessionExpiredError) return USER_MESSAGES.SESSION_EXPIRED;
  if (error instanceof ApiError) {
    if (error.code === "REQUEST_FAILED") return error.message || "An unexpected error occurred.";
    return USER_MESSAGES[error.code];
  }
  if (error instanceof Error && error.message) return error.message;
  return "An unexpected error occurred.";
}

export type ToastContent = {
  title: string;
  description: string;
  variant: "default" | "destructive";
  durationMs: number;
};

/** The global error toast of docs/product.md §8. */
export function errorToast(error: unknown): ToastContent {
  if (error instanceof SessionExpiredError) {
    return {
      title: "Session Expired",
      description: "Please sign in again to continue.",
      variant: "default",
      durationMs: 10_000,
    };
  }
  const code = error instanceof ApiError ? error.code : "REQUEST_FAILED";
  const description =
    code === "NETWORK_ERROR"
      ? "Please check your internet connection and try again."
      : code === "TIMEOUT"
        ? "The request took too long. Please try again."
        : code === "RATE_LIMITED"
          ? "Please wait a moment before trying again."
          : code === "SERVER_ERROR" || code === "SERVICE_UNAVAILABLE"
            ? "Our systems are temporarily unavailable."
            : "Please try again or contact support if this continues.";
  return { title: "Connection Error", description, variant: "destructive", durationMs: 5_000 };
}

/**
 * The answers the production server (server.ts) gives before a request reaches
 * the app: refused, malformed or oversize requests, readiness and the last-resort 500.
 */
export const SERVER_ERRORS = {
  crossSite: { status: 403, code: "FORBIDDEN", message: STATUS_MESSAGE[403] },
  notAForm: {
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "Send the form as application/x-www-form-urlencoded or multipart/form-data",
  },
  bodyTooLarge: { status: 413, code: "PAYLOAD_TOO_LARGE", message: "Request body is too large" },
  unsupportedEncoding: {
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "Content-Encoding must be gzip, deflate or identity",
  },
  badRequest: { status: 400, code: "VALIDATION_ERROR", message: "Bad request" },
  unreadableForm: { status: 400, code: "VALIDATION_ERROR", message: "The form could not be read" },
  notReady: { status: 503, code: "SERVICE_UNAVAILABLE", message: "Service unavailable" },
  unexpected: { status: 500, code: "SERVER_ERROR", message: STATUS_MESSAGE[500] },
} as const satisfies Record<string, { status: number; code: ServerErrorCode; message: string }>;

/**
 * The one error type module services throw when a request cannot be served as asked
 * (issue 27 §3): the HTTP status and catalogue code it answers with, the message a person
 * reads and, for forms, the field it belongs to. Module errors extend it; app/lib/http.server.ts
 * translates it to HTTP in one place (`domainErrorResponse` for APIs, `domainFieldError` for forms).
 */
export class DomainError extends Error {
  readonly status: number;
  readonly code: ServerErrorCode;
  readonly field?: string;
  constructor(message: string, options: { status?: number; code?: ServerErrorCode; field?: string } = {}) {
    super(message);
    this.name = new.target.name;
    this.status = options.status ?? 400;
    this.code = options.code ?? codeForStatus(this.status);
    this.field = options.field;
  }
}

/** The catalogue code a status answers with when a DomainError names none. */
export function codeForStatus(status: number): ServerErrorCode {
  switch (status) {
    case 401:
      return "UNAUTHORIZED";
    case 403:
      return "FORBIDDEN";
    case 404:
      return "NOT_FOUND";
    case 409:
      return "CONFLICT";
    case 413:
      return "PAYLOAD_TOO_LARGE";
    case 415:
      return "UNSUPPORTED_MEDIA_TYPE";
    case 429:
      return "RATE_LIMITED";
    case 503:
      return "SERVICE_UNAVAILABLE";
    default:
      return status >= 500 ? "SERVER_ERROR" : "VALIDATION_ERROR";
  }
}
