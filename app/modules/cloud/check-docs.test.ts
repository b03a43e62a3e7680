/**
 * docs/cloud-security.md's check table is the one generated from the check definitions (npm run docs:cloud),
 * and the definitions meet issue 35's bar: at least 40 checks, stable unique ids, a CIS control each, a
 * remediation with a CLI command and a console path.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHECKS } from "./checks/index";
import { checkTable, checkTableIsCurrent, DOC, withCheckTable } from "./check-docs";

const doc = () => fs.readFileSync(path.resolve(__dirname, "../../..", DOC), "utf8");

describe("the cloud check table", () => {
  it("is current (npm run docs:cloud)", () => {
    expect(checkTableIsCurrent(doc())).toBe(true);
  });

  it("goes stale when a check's definition changes", () => {
    const changed = doc().replace("| AWS CIS 3.0 1.4 |", "| AWS CIS 3.0 1.5 |");
    expect(checkTableIsCurrent(changed)).toBe(false);
    expect(checkTableIsCurrent(withCheckTable(changed))).toBe(true);
  });

  it("holds at least 40 checks with unique ids, a CIS control, a severity and a remediation each", () => {
    expect(CHECKS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(CHECKS.map((c) => c.id)).size).toBe(CHECKS.length);
    for (const c of CHECKS) {
      expect(c.id, c.id).toMatch(/^(aws|azure|gcp)-[a-z0-9-]+$/);
      expect(c.cis, c.id).toMatch(/^(AWS|Azure|GCP) CIS \d\.\d+ \d+(\.\d+)*$/);
      expect(c.remediation.cli.length, c.id).toBeGreaterThan(10);
      expect(c.remediation.console, c.id).toContain("→");
    }
    for (const p of ["aws", "azure", "gcp"]) expect(CHECKS.filter((c) => c.provider === p).length).toBeGreaterThan(10);
    expect(checkTable()).toContain(`${CHECKS.length} checks.`);
  });
});
