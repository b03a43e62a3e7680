/**
 * The operator's commands run as installed: `npm run <script>` under tsx, importing the app's modules
 * directly. A module index that re-exports a component can bring a static asset import (the icon sprite)
 * into a command; plain Node refuses `.svg`, and the command died before doing anything.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

function npmRun(script: string, args: string[], env: Record<string, string>) {
  const r = spawnSync("npm", ["run", "-s", script, "--", ...args], {
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe("operator commands under npm run", () => {
  it("import:osv reads a directory of OSV records into the database", () => {
    const work = fs.mkdtempSync(path.join(process.env.RAMPART_TEST_TMP ?? "/tmp", "osv-cli-"));
    const dir = path.join(work, "osv");
    fs.mkdirSync(dir);
    fs.writeFileSync(
      path.join(dir, "GHSA-test-0001.json"),
      JSON.stringify({
        schema_version: "1.6.0",
        id: "GHSA-test-0001",
        modified: "2026-11-01T00:00:00Z",
        summary: "Prototype pollution in left-pad-ish",
        affected: [
          {
            package: { ecosystem: "npm", name: "left-pad-ish" },
            ranges: [{ type: "SEMVER", events: [{ introduced: "0" }, { fixed: "1.2.0" }] }],
          },
        ],
      }),
    );
    const r = npmRun("import:osv", [dir], { DATABASE_URL: path.join(work, "cli.db") });
    expect(r.out).not.toContain("ERR_UNKNOWN_FILE_EXTENSION");
    expect(r.out).toContain("Read 1 record(s)");
    expect(r.out).toContain("1 new");
    expect(r.code).toBe(0);
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("admin prints its usage", () => {
    const work = fs.mkdtempSync(path.join(process.env.RAMPART_TEST_TMP ?? "/tmp", "admin-cli-"));
    const r = npmRun("admin", [], { DATABASE_URL: path.join(work, "cli.db") });
    expect(r.out).toContain("npm run admin -- reset-link <email>");
    fs.rmSync(work, { recursive: true, force: true });
  });
});
