import { beforeEach, describe, expect, it } from "vitest";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { action } from "~/routes/_public.contact";
import { HONEYPOT_FIELD } from "./contact";
import { listContactMessages } from "./contact.server";

function post(fields: Record<string, string>, ip = "203.0.113.7") {
  const request = new Request("http://localhost/contact", { method: "POST", body: new URLSearchParams(fields) });
  return action({ request, context: { clientIp: ip }, params: {} });
}

/** Remix's data() wraps the body and init; a plain object is a 200. */
function unwrap(result: unknown): { status: number; body: Record<string, unknown>; headers: Headers } {
  const r = result as { type?: string; data?: Record<string, unknown>; init?: ResponseInit | null };
  if (r && r.type === "DataWithResponseInit") {
    return { status: r.init?.status ?? 200, body: r.data ?? {}, headers: new Headers(r.init?.headers) };
  }
  return { status: 200, body: result as Record<string, unknown>, headers: new Headers() };
}

const valid = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  message: "Could you tell me how the breach data is imported?",
};

beforeEach(() => resetRateLimits());

describe("contact action", () => {
  it("answers 400 with an error for each bad field and stores nothing", async () => {
    const before = listContactMessages().length;
    const res = unwrap(await post({ name: "  ", email: "not-an-address", message: "short" }));
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({
      name: "Enter your name",
      email: "Enter a valid e-mail address, like name@example.com",
      message: "Write a message of at least 10 characters",
    });
    // What the person typed comes back so they do not have to type it again.
    expect((res.body.values as Record<string, string>).email).toBe("not-an-address");
    expect(listContactMessages().length).toBe(before);
  });

  it("stores a valid message with its sender and client address", async () => {
    const res = unwrap(await post(valid, "198.51.100.20"));
    expect(res.status).toBe(200);
    expect(res.body.sent).toBe(true);
    const [latest] = listContactMessages({ limit: 1 });
    expect(latest).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      message: valid.message,
      ip: "198.51.100.20",
    });
    expect(latest.createdAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it("answers a filled honeypot like a success but stores nothing", async () => {
    const before = listContactMessages().length;
    const res = unwrap(await post({ ...valid, [HONEYPOT_FIELD]: "https://spam.example" }));
    expect(res.status).toBe(200);
    expect(res.body.sent).toBe(true);
    expect(listContactMessages().length).toBe(before);
  });

  it("refuses the 6th message in an hour from one address with 429 and Retry-After, but not another address", async () => {
    for (let i = 0; i < 5; i++) {
      const ok = unwrap(await post({ ...valid, message: `Message number ${i + 1} about my plan.` }, "192.0.2.50"));
      expect(ok.status).toBe(200);
    }
    const before = listContactMessages().length;
    const sixth = unwrap(await post({ ...valid, message: "Message number 6 about my plan." }, "192.0.2.50"));
    expect(sixth.status).toBe(429);
    expect(String(sixth.body.formError)).toContain("Too many requests");
    const retryAfter = Number(sixth.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(listContactMessages().length).toBe(before);

    const other = unwrap(await post(valid, "192.0.2.51"));
    expect(other.status).toBe(200);
  });

  it("never answers 500 for a body that is not a form", async () => {
    const request = new Request("http://localhost/contact", {
      method: "POST",
      body: "{not a form",
      headers: { "Content-Type": "application/json" },
    });
    const res = unwrap(await action({ request, context: {}, params: {} }));
    expect(res.status).toBe(400);
  });
});
