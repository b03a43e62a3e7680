import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { importPwnedFile } from "../../../scripts/import-pwned";
import { parseHashLine } from "./range-import";
import { checkPasswordBreach, NOT_CHECKED_MESSAGE } from "./breach-source.server";
import { sqlite } from "~/lib/db.server";
import { breachCountForPassword } from "./range.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rampart-pwned-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

function rows(db: string) {
  const conn = new Database(db, { readonly: true });
  try {
    return conn.prepare("SELECT prefix, suffix, count FROM pwned_hashes ORDER BY prefix, suffix").all() as {
      prefix: string;
      suffix: string;
      count: number;
    }[];
  } finally {
    conn.close();
  }
}

const PASSWORD = "5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8"; // sha1("password")
const QWERTY = "B1B3773A05C0ED0176787A4F1574FF0075F7521E"; // sha1("qwerty")

describe("npm run import:pwned -- FILE", () => {
  it("imports HASH:COUNT lines (CRLF tolerated) split into prefix and suffix", async () => {
    const db = path.join(dir, "a.db");
    const file = write("a.txt", `${PASSWORD}:10\r\n${QWERTY}:20\r\n`);
    const r = await importPwnedFile(file, { database: db });
    expect(r).toMatchObject({ imported: 2, invalid: 0 });
    expect(rows(db)).toEqual([
      { prefix: "5BAA6", suffix: "1E4C9B93F3F0682250B6CF8331B7EE68FD8", count: 10 },
      { prefix: "B1B37", suffix: "73A05C0ED0176787A4F1574FF0075F7521E", count: 20 },
    ]);
  });

  it("re-importing updates counts instead of duplicating rows", async () => {
    const db = path.join(dir, "b.db");
    await importPwnedFile(write("b1.txt", `${PASSWORD}:10\n${QWERTY}:20\n`), { database: db });
    await importPwnedFile(write("b2.txt", `${PASSWORD}:15\n`), { database: db });
    expect(rows(db).map((r) => r.count)).toEqual([15, 20]);
  });

  it("skips and counts bad lines without failing, reporting their line numbers", async () => {
    const db = path.join(dir, "c.db");
    const file = write(
      "c.txt",
      [
        `${PASSWORD}:10`,
        "not a hash",
        `${QWERTY.slice(0, 39)}:3`, // 39 hex
        `${QWERTY}:`, // no count
        `${QWERTY}:-4`,
        "8846F7EAEE8FB117AD06BDD830B7586C:5", // a 32-hex NTLM hash, the other downloader mode
        "",
        `${QWERTY}:7`,
      ].join("\n"),
    );
    const r = await importPwnedFile(file, { database: db });
    expect(r.imported).toBe(2);
    expect(r.invalid).toBe(5);
    expect(r.invalidLines).toEqual([2, 3, 4, 5, 6]);
    expect(rows(db)).toHaveLength(2);
  });

  it("parses lower-case hashes to the upper-case store and refuses count 0", () => {
    expect(parseHashLine(PASSWORD.toLowerCase() + ":9")).toEqual({
      mode: "sha1",
      prefix: "5BAA6",
      suffix: "1E4C9B93F3F0682250B6CF8331B7EE68FD8",
      count: 9,
    });
    expect(parseHashLine(PASSWORD + ":0")).toBeNull();
    expect(parseHashLine("   ")).toBe("blank");
  });

  it("runs as a command: migrates the database first, prints the figures, exit code 0 despite bad lines", () => {
    const db = path.join(dir, "cli", "fresh.db");
    const file = write("d.txt", `${PASSWORD}:10\nbad line\n`);
    const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/import-pwned.ts", file], {
      env: { ...process.env, DATABASE_URL: db },
      encoding: "utf8",
    });
    expect(out).toMatch(
      /Imported 1 SHA-1 hashes into .*fresh\.db in [\d.]+ s \(\d+ lines\/s\); 1 invalid line\(s\) skipped\./,
    );
    expect(out).toContain("Invalid lines (first 1): 2");
    expect(rows(db)).toHaveLength(1);
  });

  it("fails clearly for a missing file", () => {
    let status = 0;
    let stderr = "";
    try {
      execFileSync(process.execPath, ["--import", "tsx", "scripts/import-pwned.ts", path.join(dir, "missing.txt")], {
        encoding: "utf8",
        stdio: "pipe",
      });
    } catch (e) {
      const err = e as { status: number; stderr: string };
      status = err.status;
      stderr = err.stderr;
    }
    expect(status).toBe(1);
    expect(stderr).toMatch(/No such file/);
  });
});

describe("no first-start seed (issue 30)", () => {
  it("ships no made-up counts: an empty store finds nothing and a server-side check says not checked", async () => {
    const conn = sqlite();
    conn.prepare("DELETE FROM pwned_hashes").run();
    conn.prepare("DELETE FROM pwned_range_cache").run();
    expect(fs.existsSync(path.resolve("db/seed/pwned-seed.txt"))).toBe(false);
    expect(breachCountForPassword("password")).toBe(0);
    expect(await checkPasswordBreach("password")).toEqual({ status: "not-checked", message: NOT_CHECKED_MESSAGE });
  });
});
