/**
 * Every environment variable goes through the schema of app/lib/env.server.ts and is documented in the
 * generated table of docs/operations.md (issue 27, item 3).
 */
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ENV_DOCS, envTable, envTableIsCurrent, withEnvTable } from "./env-docs";
import { envVar } from "./env.server";

const ROOT = path.resolve(__dirname, "../..");
const operations = () => fs.readFileSync(path.join(ROOT, "docs/operations.md"), "utf8");

describe("the configuration table of docs/operations.md", () => {
  it("is the one generated from the schema's documentation (npm run docs:env)", () => {
    expect(envTableIsCurrent(operations())).toBe(true);
  });

  it("goes stale when a variable's documentation changes, and a formatter's padding does not make it stale", () => {
    const doc = operations();
    expect(
      envTableIsCurrent(doc.replace("| `HOST` | `0.0.0.0` | Address to bind |", "| `HOST` | `::` | Address to bind |")),
    ).toBe(false);
    const padded = withEnvTable(doc).replace("| `PORT` | `3000` |", "| `PORT`   |   `3000`   |");
    expect(envTableIsCurrent(padded)).toBe(true);
    expect(envTable()).toContain("| `RAMPART_JOBS` |");
  });
});

describe("no environment variable is read past the schema", () => {
  it("git grep finds process.env only in the schema (and in bench and test tooling)", () => {
    const out = execFileSync("git", ["grep", "-n", "process\\.env", "--", "app", "server.ts", "server"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    const raw = out
      .split("\n")
      .filter(Boolean)
      .filter((l) => !/\.test\.tsx?:/.test(l) && !l.startsWith("app/lib/env.server.ts:"));
    expect(raw).toEqual([]);
  });

  it("every variable the schema knows is documented, and a bad value names the variable", () => {
    expect(Object.keys(ENV_DOCS)).toContain("PHISHING_WORKERS");
    expect(envVar("PHISHING_WORKERS", {})).toBeUndefined();
    expect(envVar("PHISHING_WORKERS", { PHISHING_WORKERS: "3" })).toBe(3);
    expect(() => envVar("PHISHING_WORKERS", { PHISHING_WORKERS: "lots" })).toThrow(/PHISHING_WORKERS/);
    expect(envVar("RAMPART_JOBS", {})).toBe("1");
    expect(() => envVar("RAMPART_ALLOW_PRIVATE_TARGETS", { RAMPART_ALLOW_PRIVATE_TARGETS: "yes" })).toThrow(
      /RAMPART_ALLOW_PRIVATE_TARGETS/,
    );
  });
});
