// Issue 30: with no live service (feeds off) and no imported corpus, the range endpoint never answers an empty
// "not pwned" body: 503 "Not checked against breach data", which the browser helper turns into "not checked".
import { describe, expect, it } from "vitest";
import { loader } from "~/routes/api.pwned.range.$prefix";
import { BreachDataUnavailable, pwnedCount } from "./k-anonymity";
import { NOT_CHECKED_MESSAGE } from "./breach-source.server";

async function get(prefix: string, headers: HeadersInit = { "Add-Padding": "true" }): Promise<Response> {
  const request = new Request(`http://localhost/api/pwned/range/${prefix}`, { headers });
  try {
    return await loader({ request, params: { prefix }, context: { clientIp: "203.0.113.30" } });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("GET /api/pwned/range/{prefix} without breach data", () => {
  it("answers 503 SERVICE_UNAVAILABLE 'Not checked against breach data', with CORS", async () => {
    const res = await get("5BAA6");
    expect(res.status).toBe(503);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(await res.json()).toEqual({ message: NOT_CHECKED_MESSAGE, code: "SERVICE_UNAVAILABLE" });
  });

  it("the browser helper reports it as not checked, never as a count of 0", async () => {
    const viaLoader = async (url: string, init?: RequestInit) => get(url.split("/").pop()!, init?.headers);
    const error = await pwnedCount("password", viaLoader).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BreachDataUnavailable);
    expect((error as Error).message).toBe(NOT_CHECKED_MESSAGE);
  });
});
