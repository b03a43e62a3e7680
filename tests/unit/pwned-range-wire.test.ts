/**
 * Issue 28: the Pwned Passwords range API as a real client sees it, through
 * the production server (built app): the npm `hibp` package's
 * `pwnedPassword` and `pwnedPasswordRange` pointed at it with `baseUrl`, and
 * raw requests for what the client does not show (line endings, headers, CORS).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pwnedPassword, pwnedPasswordRange } from "hibp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/db.server";
import { ensureBuild, freshDatabase, startServer, type RunningServer } from "../../bench/harness.js";
import { importTestCorpus } from "../support/pwned-corpus";

let server: RunningServer;
let db: { dir: string; file: string };

beforeAll(async () => {
  await ensureBuild();
  db = freshDatabase("rampart-pwned-wire-");
  // An imported corpus, as an operator's (the product ships none, issue 30).
  const conn = openDatabase(db.file);
  importTestCorpus(conn.db);
  conn.sqlite.close();
  server = await startServer({ dbFile: db.file });
}, 300_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  if (db) fs.rmSync(db.dir, { recursive: true, force: true });
});

type Mode = "sha1" | "ntlm";

/** hibp's fetchFromApi for the range endpoint. */
async function rangeRequest(prefix: string, { mode = "sha1" as Mode, addPadding = false } = {}) {
  const url = new URL(`${server.url}/api/pwned/range/${encodeURIComponent(prefix)}`);
  url.searchParams.set("mode", mode);
  const headers: Record<string, string> = { "User-Agent": "hibp 15.0.0" };
  if (addPadding) headers["Add-Padding"] = "true";
  return fetch(url, { headers });
}

/** hibp's own range call against this server: the count of the hash, 0 if absent. */
async function pwnedHash(hash: string, options: { mode?: Mode; addPadding?: boolean } = {}): Promise<number> {
  const range = await pwnedPasswordRange(hash.slice(0, 5), { ...options, baseUrl: `${server.url}/api/pwned` });
  return range[hash.slice(5)] || 0;
}

const SHA1_PASSWORD = "5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8"; // SHA-1("password"), in the imported test corpus
const SHA1_UNKNOWN = "0000000000000000000000000000000000000001";
const NTLM_PASSWORD = "8846F7EAEE8FB117AD06BDD830B7586C"; // NTLM("password") = MD4(UTF-16LE("password"))
const NTLM_123456 = "32ED87BDB5FDC5E9CBA88547376818D4"; // NTLM("123456")

describe("GET /api/pwned/range/{prefix} on the wire", () => {
  it("answers SHA-1 ranges as the real API does: text/plain, CRLF, upper-case 35-hex SUFFIX:COUNT, CORS *", async () => {
    const res = await rangeRequest(SHA1_PASSWORD.slice(0, 5).toLowerCase());
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain\b/);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const body = await res.text();
    expect(body).not.toMatch(/(^|[^\r])\n/); // every line break is CRLF
    const lines = body.split("\r\n");
    for (const line of lines) expect(line).toMatch(/^[0-9A-F]{35}:[1-9]\d*$/);
    // No padding unless asked for: every line is a real hash.
    expect(lines.length).toBeLessThan(800);
    expect(await pwnedHash(SHA1_PASSWORD)).toBeGreaterThan(1_000_000);
    expect(await pwnedHash(SHA1_UNKNOWN)).toBe(0);
    // hibp hashes the password itself.
    expect(await pwnedPassword("password", { baseUrl: `${server.url}/api/pwned` })).toBeGreaterThan(1_000_000);
  });

  it("pads to 800-1,000 lines with random count-0 suffixes only when Add-Padding: true is sent", async () => {
    const prefix = SHA1_PASSWORD.slice(0, 5);
    const plain = (await (await rangeRequest(prefix)).text()).split("\r\n");
    const res = await rangeRequest(prefix, { addPadding: true });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const padded = (await res.text()).split("\r\n");
    expect(padded.length).toBeGreaterThanOrEqual(800);
    expect(padded.length).toBeLessThanOrEqual(1000);
    for (const line of padded) expect(line).toMatch(/^[0-9A-F]{35}:\d+$/);
    expect(padded.filter((l) => !l.endsWith(":0")).sort()).toEqual(plain.sort());
    expect(await pwnedHash(SHA1_PASSWORD, { addPadding: true })).toBeGreaterThan(1_000_000);
  });

  it("refuses mode=ntlm while no NTLM data is loaded (never SHA-1 data), then serves NTLM ranges once imported", async () => {
    const before = await rangeRequest(NTLM_PASSWORD.slice(0, 5), { mode: "ntlm" });
    expect(before.status).toBe(503);
    expect(before.headers.get("access-control-allow-origin")).toBe("*");
    const error = await before.json();
    expect(error.code).toBe("SERVICE_UNAVAILABLE");
    expect(error.message).toMatch(/No NTLM hashes are loaded/);
    // hibp rejects (with the status text) rather than reading "not pwned".
    await expect(pwnedHash(NTLM_PASSWORD, { mode: "ntlm" })).rejects.toThrow(/Service Unavailable/);

    // The downloader's NTLM file (`haveibeenpwned-downloader -n`): 32 hex, a colon, the count, CRLF.
    const file = path.join(db.dir, "pwnedpasswords_ntlm.txt");
    fs.writeFileSync(file, `${NTLM_123456}:37615252\r\n${NTLM_PASSWORD}:10434004\r\n`);
    const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/import-pwned.ts", file], {
      env: { ...process.env, DATABASE_URL: db.file },
      encoding: "utf8",
    });
    expect(out).toMatch(/Imported 2 NTLM hashes/);

    // The running server serves them at once.
    const res = await rangeRequest(NTLM_PASSWORD.slice(0, 5), { mode: "ntlm" });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(await res.text()).toBe(`${NTLM_PASSWORD.slice(5)}:10434004`);
    expect(await pwnedHash(NTLM_PASSWORD, { mode: "ntlm" })).toBe(10434004);
    expect(await pwnedHash(NTLM_123456, { mode: "ntlm", addPadding: true })).toBe(37615252);
    // Padding in NTLM mode has NTLM-length suffixes.
    const padded = (await (await rangeRequest("00000", { mode: "ntlm", addPadding: true })).text()).split("\r\n");
    expect(padded.length).toBeGreaterThanOrEqual(800);
    for (const line of padded) expect(line).toMatch(/^[0-9A-F]{27}:0$/);
    // And the SHA-1 answer for the same prefix never carries the NTLM data.
    expect(await (await rangeRequest(NTLM_PASSWORD.slice(0, 5))).text()).not.toContain(NTLM_PASSWORD.slice(5));
  });

  it("answers a browser's CORS preflight for Add-Padding, and refuses an unknown mode with 400", async () => {
    const pre = await fetch(`${server.url}/api/pwned/range/5BAA6`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://other.example",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "add-padding",
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("*");
    expect(pre.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("add-padding");

    const bad = await fetch(`${server.url}/api/pwned/range/5BAA6?mode=md5`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "VALIDATION_ERROR", message: expect.stringMatching(/ntlm/) });
    const badPrefix = await rangeRequest("5BAA");
    expect(badPrefix.status).toBe(400);
    expect(badPrefix.headers.get("access-control-allow-origin")).toBe("*");
  });
});
