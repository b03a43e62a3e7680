import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader } from "~/routes/api.pwned.range.$prefix";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { db, sqlite } from "~/lib/db.server";
import { importTestCorpus } from "../../../tests/support/pwned-corpus";
import { countInRange, passwordSha1, pwnedCount, splitHash } from "./k-anonymity";

async function get(
  prefix: string,
  ip = "203.0.113.7",
  headers: HeadersInit = { "Add-Padding": "true" },
): Promise<Response> {
  const request = new Request(`http://localhost/api/pwned/range/${prefix}`, { headers });
  try {
    return await loader({ request, params: { prefix }, context: { clientIp: ip } });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

beforeEach(() => resetRateLimits());
// The corpus an operator imports (the product ships none, issue 30); feeds are off in tests.
beforeAll(() => {
  importTestCorpus(db);
});

describe("GET /api/pwned/range/{prefix}", () => {
  it("answers 800-1000 Pwned-Passwords-format lines with the real suffix and its count (from the imported corpus)", async () => {
    const { prefix, suffix } = splitHash(passwordSha1("password"));
    const res = await get(prefix);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body = await res.text();
    const lines = body.split("\r\n");
    expect(lines.length).toBeGreaterThanOrEqual(800);
    expect(lines.length).toBeLessThanOrEqual(1000);
    for (const line of lines) expect(line).toMatch(/^[0-9A-F]{35}:\d+$/);
    expect(new Set(lines.map((l) => l.split(":")[0])).size).toBe(lines.length);
    const stored = sqlite()
      .prepare("SELECT count FROM pwned_hashes WHERE prefix = ? AND suffix = ?")
      .get(prefix, suffix) as { count: number };
    expect(stored.count).toBeGreaterThan(1_000_000);
    expect(lines).toContain(`${suffix}:${stored.count}`);
    // Everything else is padding.
    expect(lines.filter((l) => !l.endsWith(":0"))).toEqual([`${suffix}:${stored.count}`]);
  });

  it("pads a prefix with no stored hashes too, and differently each time", async () => {
    const a = await (await get("00000")).text();
    const b = await (await get("00000")).text();
    const linesA = a.split("\r\n");
    expect(linesA.length).toBeGreaterThanOrEqual(800);
    expect(linesA.length).toBeLessThanOrEqual(1000);
    expect(linesA.every((l) => l.endsWith(":0"))).toBe(true);
    expect(a).not.toBe(b);
  });

  it("accepts a lower-case prefix like the real API", async () => {
    const { prefix, suffix } = splitHash(passwordSha1("qwerty"));
    const res = await get(prefix.toLowerCase());
    expect(res.status).toBe(200);
    expect(countInRange(await res.text(), suffix)).toBeGreaterThan(0);
  });

  it("refuses a prefix that is not 5 hex characters with 400 VALIDATION_ERROR", async () => {
    for (const bad of ["5BAA", "5BAA61", "ZZZZZ", "5baa6'", ""]) {
      const res = await get(bad);
      expect(res.status, bad).toBe(400);
      const body = await res.json();
      expect(body.code).toBe("VALIDATION_ERROR");
      expect(body.message).toMatch(/5 hexadecimal/);
    }
  });

  it("answers the 121st request in a minute from one address with 429 RATE_LIMITED and Retry-After", async () => {
    for (let i = 0; i < 120; i++) expect((await get("ABCDE", "198.51.100.9")).status).toBe(200);
    const res = await get("ABCDE", "198.51.100.9");
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ message: "Too many requests", code: "RATE_LIMITED" });
    const retry = Number(res.headers.get("Retry-After"));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await get("ABCDE", "198.51.100.10")).status).toBe(200);
  });

  it("works with the browser helper end to end: known passwords found, a random passphrase not", async () => {
    const viaLoader = async (url: string, init?: RequestInit) => get(url.split("/").pop()!, undefined, init?.headers);
    expect(await pwnedCount("password", viaLoader)).toBeGreaterThan(0);
    expect(await pwnedCount("123456", viaLoader)).toBeGreaterThan(await pwnedCount("password", viaLoader));
    expect(await pwnedCount("tundra-Marmalade-vexing-quorum-81-plinth", viaLoader)).toBe(0);
  });
});
