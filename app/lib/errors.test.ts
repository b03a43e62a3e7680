// The error catalogue of docs/product.md §8: every status, every user-facing message, the global error toast.
import { describe, expect, it } from "vitest";
import { ApiError, SessionExpiredError, errorForStatus, errorToast, userMessage } from "./errors";

describe("status mapping (docs/product.md §8)", () => {
  it("401: a session-expiry error with the response text, or 'Authentication required'", () => {
    const e = errorForStatus(401);
    expect(e).toBeInstanceOf(SessionExpiredError);
    expect(e).not.toBeInstanceOf(ApiError);
    expect(e.message).toBe("Authentication required");
    expect(errorForStatus(401, "Session revoked").message).toBe("Session revoked");
    expect(errorForStatus(401, "   ").message).toBe("Authentication required");
  });

  it.each([
    [403, "Access forbidden", "FORBIDDEN"],
    [404, "Resource not found", "NOT_FOUND"],
    [429, "Too many requests", "RATE_LIMITED"],
    [500, "Internal server error", "SERVER_ERROR"],
    [502, "Service temporarily unavailable", "SERVICE_UNAVAILABLE"],
    [503, "Service temporarily unavailable", "SERVICE_UNAVAILABLE"],
    [504, "Service temporarily unavailable", "SERVICE_UNAVAILABLE"],
  ])("%i: '%s' / %s (whatever the body says)", (status, message, code) => {
    const e = errorForStatus(status, "body text") as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.message).toBe(message);
    expect(e.code).toBe(code);
    expect(e.status).toBe(status);
    expect(e.serverMessage).toBe("body text");
  });

  it.each([400, 405, 409, 413, 418, 501, 599])(
    "%i: response text or 'Request failed with status %i' / REQUEST_FAILED",
    (status) => {
      const withText = errorForStatus(status, "Organization name is required") as ApiError;
      expect(withText).toMatchObject({ message: "Organization name is required", code: "REQUEST_FAILED", status });
      const without = errorForStatus(status) as ApiError;
      expect(without).toMatchObject({
        message: `Request failed with status ${status}`,
        code: "REQUEST_FAILED",
        status,
      });
    },
  );
});

describe("user-facing messages (docs/product.md §8)", () => {
  it.each([
    [new SessionExpiredError(), "Your session has expired. Please sign in again."],
    [new ApiError("x", 0, "NETWORK_ERROR"), "Unable to connect to our servers. Please check your internet connection."],
    [new ApiError("x", 408, "TIMEOUT"), "Request timed out. Please try again."],
    [new ApiError("x", 429, "RATE_LIMITED"), "Too many requests. Please wait a moment and try again."],
    [new ApiError("x", 500, "SERVER_ERROR"), "Our systems are experiencing issues. Please try again later."],
    [
      new ApiError("x", 503, "SERVICE_UNAVAILABLE"),
      "Service is temporarily unavailable. Please try again in a few minutes.",
    ],
    [new ApiError("x", 403, "FORBIDDEN"), "You do not have permission to access this resource."],
    [new ApiError("x", 404, "NOT_FOUND"), "The requested resource was not found."],
    [new ApiError("Teapot refused", 418, "REQUEST_FAILED"), "Teapot refused"],
    [new ApiError("", 418, "REQUEST_FAILED"), "An unexpected error occurred."],
    [new Error("Something specific"), "Something specific"],
    [new Error(""), "An unexpected error occurred."],
    ["a string", "An unexpected error occurred."],
    [null, "An unexpected error occurred."],
  ])("%o => %j", (error, message) => {
    expect(userMessage(error)).toBe(message);
  });
});

describe("global error toast (docs/product.md §8)", () => {
  it("session error: 'Session Expired', default style, 10 s", () => {
    expect(errorToast(new SessionExpiredError())).toEqual({
      title: "Session Expired",
      description: "Please sign in again to continue.",
      variant: "default",
      durationMs: 10_000,
    });
  });
  it.each([
    ["NETWORK_ERROR", "Please check your internet connection and try again."],
    ["TIMEOUT", "The request took too long. Please try again."],
    ["RATE_LIMITED", "Please wait a moment before trying again."],
    ["SERVER_ERROR", "Our systems are temporarily unavailable."],
    ["SERVICE_UNAVAILABLE", "Our systems are temporarily unavailable."],
    ["FORBIDDEN", "Please try again or contact support if this continues."],
    ["NOT_FOUND", "Please try again or contact support if this continues."],
    ["REQUEST_FAILED", "Please try again or contact support if this continues."],
  ] as const)("%s: 'Connection Error', destructive, 5 s: %j", (code, description) => {
    expect(errorToast(new ApiError("x", 0, code))).toEqual({
      title: "Connection Error",
      description,
      variant: "destructive",
      durationMs: 5_000,
    });
  });
  it("an unknown error gets the 'Other' text", () => {
    expect(errorToast(new Error("boom")).description).toBe("Please try again or contact support if this continues.");
  });
});
