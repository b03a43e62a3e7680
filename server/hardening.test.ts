/**
 * Issue 10's server helpers: TRUST_PROXY parsing, the private database file
 * and secret redaction in error logs.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseTrustProxy } from "./proxy";
import { preparePrivateDatabaseFile } from "~/lib/db-file.server";
import { loggablePath, redactSecrets } from "~/lib/log-redaction";
import { migrateDatabase, openDatabase } from "~/lib/db.server";
import { handleError } from "~/entry.server";

describe("TRUST_PROXY", () => {
  it("is off by default, one hop for 1/true, a hop count, or a list of proxy addresses", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("")).toBe(false);
    expect(parseTrustProxy("0")).toBe(false);
    expect(parseTrustProxy("false")).toBe(false);
    // Never Express's `true` (trust every hop: the client picks its own address).
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("true")).toBe(1);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("10.0.0.5, 10.1.0.0/16, loopback")).toEqual(["10.0.0.5", "10.1.0.0/16", "loopback"]);
    expect(parseTrustProxy("::1")).toEqual(["::1"]);
  });

  it("refuses what it cannot read instead of trusting everything", () => {
    for (const bad of ["yes", "11", "proxy.example.com", "10.0.0.1; rm", "-1"])
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
  });
});

describe("database file permissions", () => {
  const dirs: string[] = [];
  const umask = process.umask();
  afterEach(() => {
    process.umask(umask);
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  const mode = (f: string) => fs.statSync(f).mode & 0o777;

  it("the database and its WAL and shared-memory files are created 0600 (server migration and app connection)", () => {
    process.umask(0o022);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rampart-mode-"));
    dirs.push(dir);
    const file = path.join(dir, "sub", "rampart.db");
    migrateDatabase(file);
    expect(mode(file)).toBe(0o600);
    const { sqlite } = openDatabase(file);
    try {
      sqlite.prepare("CREATE TABLE IF NOT EXISTS mode_probe (x)").run();
      expect(mode(file)).toBe(0o600);
      expect(mode(`${file}-wal`)).toBe(0o600);
      expect(mode(`${file}-shm`)).toBe(0o600);
    } finally {
      sqlite.close();
    }
  });

  it("an existing 0644 database and WAL from an older release are tightened on open", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rampart-mode-"));
    dirs.push(dir);
    const file = path.join(dir, "rampart.db");
    fs.writeFileSync(file, "");
    fs.writeFileSync(`${file}-journal`, "");
    fs.chmodSync(file, 0o644);
    fs.chmodSync(`${file}-journal`, 0o644);
    preparePrivateDatabaseFile(file);
    expect(mode(file)).toBe(0o600);
    expect(mode(`${file}-journal`)).toBe(0o600);
  });
});

describe("error logs", () => {
  it("redact invitation tokens from the path and from error text", () => {
    expect(loggablePath("/invite/abcDEF123")).toBe("/invite/:token");
    expect(redactSecrets("Error: boom at http://localhost/invite/s3cr3tT0ken?x=1 and /invite/other")).toBe(
      "Error: boom at http://localhost/invite/:token?x=1 and /invite/:token",
    );
  });

  it("a handler error on /invite/<token> is logged without the token", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const token = "tok-" + "x".repeat(40);
      handleError(new Error(`could not accept /invite/${token}`), {
        request: new Request(`http://localhost/invite/${token}`),
      });
      const logged = spy.mock.calls.map((c) => c.join(" ")).join("\n");
      expect(logged).toContain("/invite/:token");
      expect(logged).not.toContain(token);
    } finally {
      spy.mockRestore();
    }
  });
});
