import { describe, expect, it } from "vitest";
import { countInRange, passwordSha1, pwnedCount, pwnedRangeUrl, splitHash } from "./k-anonymity";

// SHA-1("password") as published by Pwned Passwords and any sha1sum.
const PASSWORD_SHA1 = "5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8";

describe("k-anonymity client helper", () => {
  it("hashes like Pwned Passwords (upper-case SHA-1 of UTF-8)", () => {
    expect(passwordSha1("password")).toBe(PASSWORD_SHA1);
    expect(splitHash(PASSWORD_SHA1)).toEqual({ prefix: "5BAA6", suffix: "1E4C9B93F3F0682250B6CF8331B7EE68FD8" });
    // Non-ASCII passwords hash their UTF-8 bytes: sha1("pässwörd").
    expect(passwordSha1("pässwörd")).toMatch(/^[0-9A-F]{40}$/);
    expect(passwordSha1("pässwörd")).not.toBe(passwordSha1("passwort"));
  });

  it("builds a range URL that carries only the 5-character prefix", () => {
    expect(pwnedRangeUrl("5baa6")).toBe("/api/pwned/range/5BAA6");
    expect(() => pwnedRangeUrl("5BAA61E4")).toThrow();
    expect(() => pwnedRangeUrl("zzzzz")).toThrow();
  });

  it("finds its suffix in an answer and ignores padding lines with count 0", () => {
    const body = [
      "0018A45C4D1DEF81644B54AB7F969B88D65:0",
      "1E4C9B93F3F0682250B6CF8331B7EE68FD8:9545824",
      "1E4C9B93F3F0682250B6CF8331B7EE68FD9:0",
    ].join("\r\n");
    expect(countInRange(body, "1E4C9B93F3F0682250B6CF8331B7EE68FD8")).toBe(9545824);
    expect(countInRange(body, "1e4c9b93f3f0682250b6cf8331b7ee68fd8")).toBe(9545824);
    expect(countInRange(body, "1E4C9B93F3F0682250B6CF8331B7EE68FD9")).toBe(0);
    expect(countInRange(body, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF")).toBe(0);
    expect(countInRange(body.replaceAll("\r\n", "\n"), "1E4C9B93F3F0682250B6CF8331B7EE68FD8")).toBe(9545824);
  });

  it("sends only the prefix: no password, no full hash, no cookies", async () => {
    const seen: { url: string; init?: RequestInit }[] = [];
    const fakeFetch = async (url: string, init?: RequestInit) => {
      seen.push({ url, init });
      return new Response("1E4C9B93F3F0682250B6CF8331B7EE68FD8:42\r\nAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA:0", {
        headers: { "Content-Type": "text/plain" },
      });
    };
    expect(await pwnedCount("password", fakeFetch)).toBe(42);
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe("/api/pwned/range/5BAA6");
    const sent = JSON.stringify(seen);
    expect(sent).not.toContain('password"');
    expect(sent).not.toContain("1E4C9B93");
    expect(seen[0].init?.credentials).toBe("omit");
    expect(seen[0].init?.body).toBeUndefined();
    // The range API pads only on request (as the real one does): the pages always ask.
    expect(new Headers(seen[0].init?.headers).get("Add-Padding")).toBe("true");
  });

  it("reports a refused check as an error, not as 'not found'", async () => {
    const limited = async () =>
      new Response(JSON.stringify({ message: "Too many requests", code: "RATE_LIMITED" }), { status: 429 });
    await expect(pwnedCount("password", limited)).rejects.toThrow(/Too many/);
  });
});
