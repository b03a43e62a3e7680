// Compliance monitoring against this file's own SQLite database: adoption, scoring, evidence (hashing, cap,
// quota, expiry with a fixed clock), automatic evidence from the tenant's stored data, CSF 1.1 -> 2.0, CSV export and
// tenant isolation.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getEnv } from "~/lib/env.server";
import { sqlite } from "~/lib/db.server";
import { listAlerts } from "~/modules/alerts";
import { createUser } from "~/modules/accounts/accounts.server";
import { storedCatalogue } from "./catalog.server";
import {
  addFileEvidence,
  addLinkEvidence,
  adoptFramework,
  allRequirements,
  checkAllEvidenceExpiry,
  checkEvidenceExpiry,
  ComplianceError,
  complianceFrameworks,
  frameworkScore,
  getAdoption,
  getEvidenceFile,
  getRequirement,
  listEvidence,
  listRequirements,
  nextSteps,
  overallComplianceScore,
  recordScoreSnapshots,
  removeEvidence,
  scoreOf,
  scoreTrend,
  setRequirementOwner,
  setRequirementStatus,
} from "./compliance.server";
import { csf11To20, csfRequirementsFor } from "./csf";
import { csvCell, toCsv } from "./csv";
import { EvidenceStoreError, readEvidenceFile } from "./evidence-store.server";
import { AUTOMATIC_SOURCES } from "./mappings";
import { automaticEvidence, mappedRequirements, runProbe, tableNames } from "./automatic.server";
import { CSV_HEADER, frameworkReport, reportCsv } from "./report.server";
import { can } from "~/modules/permissions";
import { FRAMEWORKS } from "./frameworks";
import { registerComplianceJobs, runComplianceJob } from "./jobs.server";

const T = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

async function tenant() {
  const { user, tenantId } = await createUser(
    `c-${randomUUID().slice(0, 8)}@example.com`,
    `passphrase ${randomUUID()}`,
  );
  return { userId: user.id, tenantId };
}

describe("adoption and scores", () => {
  it("adopts HIPAA with its 63 requirements, 41 of them Required (standards included), and scores compliant over applicable", async () => {
    const { tenantId, userId } = await tenant();
    const hipaa = adoptFramework(tenantId, userId, "hipaa-security", null);
    expect(frameworkScore(tenantId, hipaa)).toMatchObject({ total: 63, applicable: 63, compliant: 0, score: 0 });
    expect(frameworkScore(tenantId, hipaa, { requiredOnly: true }).total).toBe(41);

    setRequirementStatus(tenantId, userId, "hipaa-security", "164.312(b)", { status: "compliant" });
    expect(frameworkScore(tenantId, hipaa)).toMatchObject({ compliant: 1, applicable: 63, score: 2 });
    // Not applicable needs a justification, and leaves the denominator.
    expect(() =>
      setRequirementStatus(tenantId, userId, "hipaa-security", "164.308(a)(4)(ii)(A)", { status: "not-applicable" }),
    ).toThrow(ComplianceError);
    setRequirementStatus(tenantId, userId, "hipaa-security", "164.308(a)(4)(ii)(A)", {
      status: "not-applicable",
      justification: "We are not a health care clearinghouse.",
    });
    expect(frameworkScore(tenantId, hipaa)).toMatchObject({ compliant: 1, applicable: 62, "not-applicable": 1 });
    // Required only: 164.312(b) is a standard (counted), an Addressable specification is not.
    setRequirementStatus(tenantId, userId, "hipaa-security", "164.312(a)(2)(iii)", { status: "compliant" });
    expect(frameworkScore(tenantId, hipaa)).toMatchObject({ compliant: 2 });
    expect(frameworkScore(tenantId, hipaa, { requiredOnly: true })).toMatchObject({ compliant: 1, applicable: 40 });
  });

  it("adopts SP 800-53 only with a baseline; HIGH has 370 requirements over 15 pages", async () => {
    const { tenantId, userId } = await tenant();
    expect(() => adoptFramework(tenantId, userId, "nist-800-53-rev5", null)).toThrow(/baseline/);
    expect(() => adoptFramework(tenantId, userId, "nist-800-53-rev5", "extreme")).toThrow(/baseline/);
    expect(() => adoptFramework(tenantId, userId, "iso-27001", null)).toThrow(ComplianceError);
    const high = adoptFramework(tenantId, userId, "nist-800-53-rev5", "high");
    expect(high.label).toBe("NIST SP 800-53 Rev. 5 (HIGH)");
    const page1 = listRequirements(tenantId, high);
    expect(page1).toMatchObject({ total: 370, page: 1, pageCount: 15 });
    expect(page1.rows).toHaveLength(25);
    expect(page1.rows[0]).toMatchObject({ id: "AC-1", title: "Policy and Procedures", status: "not-started" });
    expect(listRequirements(tenantId, high, { page: 99 }).page).toBe(15);
    expect(listRequirements(tenantId, high, { q: "RA-5" }).rows.map((r) => r.id)).toEqual(
      expect.arrayContaining(["RA-5", "RA-5 (2)"]),
    );
    expect(listRequirements(tenantId, high, { q: "%" }).total).toBe(0);
    // Changing the baseline re-scopes the same adoption.
    const low = adoptFramework(tenantId, userId, "nist-800-53-rev5", "low");
    expect(listRequirements(tenantId, low).total).toBe(149);
    expect(listRequirements(tenantId, adoptFramework(tenantId, userId, "nist-800-53-rev5", "privacy")).total).toBe(96);
    expect(listRequirements(tenantId, adoptFramework(tenantId, userId, "nist-800-53-rev5", "moderate")).total).toBe(
      287,
    );
    // An enhancement outside the baseline is not a requirement of this adoption.
    expect(getRequirement(tenantId, "nist-800-53-rev5", "AC-2 (8)")).toBeNull();
    expect(getRequirement(tenantId, "nist-800-53-rev5", "AC-2 (1)")).not.toBeNull();
  });

  it("filters by status and pages; CSF lists its 106 subcategories by their statements", async () => {
    const { tenantId, userId } = await tenant();
    const csf = adoptFramework(tenantId, userId, "nist-csf-2.0", null);
    expect(listRequirements(tenantId, csf).total).toBe(106);
    setRequirementStatus(tenantId, userId, "nist-csf-2.0", "GV.OC-01", { status: "in-progress" });
    const inProgress = listRequirements(tenantId, csf, { status: "in-progress" });
    expect(inProgress.rows.map((r) => r.id)).toEqual(["GV.OC-01"]);
    expect(inProgress.rows[0].title).toMatch(/^The organizational mission is understood/);
    expect(listRequirements(tenantId, csf, { status: "not-started" }).total).toBe(105);
  });

  it("computes the score from counts", () => {
    expect(scoreOf({ "not-started": 1, "in-progress": 1, compliant: 2, "not-applicable": 4 })).toMatchObject({
      total: 8,
      applicable: 4,
      score: 50,
    });
    expect(scoreOf({ "not-started": 0, "in-progress": 0, compliant: 0, "not-applicable": 3 }).score).toBe(0);
    expect(scoreOf({ "not-started": 2, "in-progress": 0, compliant: 1, "not-applicable": 0 }).score).toBe(33);
  });

  it("gives the spec's entity shape, and /executive's average", async () => {
    const { tenantId, userId } = await tenant();
    expect(overallComplianceScore(tenantId)).toBeNull();
    adoptFramework(tenantId, userId, "hipaa-security", null);
    adoptFramework(tenantId, userId, "nist-csf-2.0", null);
    for (const id of ["164.312(b)", "164.312(d)", "164.310(b)"])
      setRequirementStatus(tenantId, userId, "hipaa-security", id, { status: "compliant" });
    const entities = complianceFrameworks(tenantId, { controls: "all" });
    expect(entities.map((e) => e.framework)).toEqual(["NIST Cybersecurity Framework 2.0", "HIPAA Security Rule"]);
    const hipaa = entities[1];
    expect(hipaa.score).toBe(5); // 3 of 63
    expect(hipaa.controls).toHaveLength(63);
    expect(Object.keys(hipaa.controls[0]).sort()).toEqual(["evidence", "id", "name", "status"]);
    expect(hipaa.controls.find((c) => c.id === "164.312(b)")).toMatchObject({
      name: "Audit controls",
      status: "compliant",
    });
    expect(complianceFrameworks(tenantId, { controls: 5 })[1].controls).toHaveLength(5);
    expect(overallComplianceScore(tenantId)).toBe(Math.round((0 + 5) / 2));
  });
});

describe("owners", () => {
  it("accepts only members of the organization", async () => {
    const a = await tenant();
    const b = await tenant();
    adoptFramework(a.tenantId, a.userId, "hipaa-security", null);
    setRequirementOwner(a.tenantId, a.userId, "hipaa-security", "164.312(b)", a.userId);
    expect(getRequirement(a.tenantId, "hipaa-security", "164.312(b)")!.requirement.ownerUserId).toBe(a.userId);
    expect(() => setRequirementOwner(a.tenantId, a.userId, "hipaa-security", "164.312(b)", b.userId)).toThrow(
      /member of your organization/,
    );
  });
});

describe("evidence", () => {
  it("stores a file under a random name, with the SHA-256 computed on arrival", async () => {
    const { tenantId, userId } = await tenant();
    adoptFramework(tenantId, userId, "hipaa-security", null);
    const bytes = new TextEncoder().encode("Risk analysis 2026, signed by the CISO\n");
    const { id, sha256 } = addFileEvidence(
      tenantId,
      userId,
      "hipaa-security",
      "164.308(a)(1)(ii)(A)",
      { title: "", fileName: "../../etc/risk analysis.pdf", bytes, markCompliant: true },
      T("2026-01-10"),
    );
    expect(sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    const row = getEvidenceFile(tenantId, id)!;
    expect(row.fileName).toBe("risk analysis.pdf");
    expect(row.storageKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(fs.existsSync(path.join(getEnv().dataDir, "evidence", tenantId, row.storageKey))).toBe(true);
    expect(readEvidenceFile(tenantId, row.storageKey)?.equals(Buffer.from(bytes))).toBe(true);
    const [listed] = listEvidence(tenantId, "hipaa-security", "164.308(a)(1)(ii)(A)", T("2026-01-10"));
    expect(listed).toMatchObject({ title: "risk analysis.pdf", effectiveOn: "2026-01-10", state: "valid", sha256 });
    expect(getRequirement(tenantId, "hipaa-security", "164.308(a)(1)(ii)(A)")!.requirement.status).toBe("compliant");
    // Removing it deletes the file too.
    removeEvidence(tenantId, id);
    expect(readEvidenceFile(tenantId, row.storageKey)).toBeNull();
  });

  it("refuses empty files, files over the cap and files over the tenant's quota", async () => {
    const { tenantId, userId } = await tenant();
    adoptFramework(tenantId, userId, "hipaa-security", null);
    const add = (size: number, limits = { maxBytes: 100, quotaBytes: 250 }) =>
      addFileEvidence(
        tenantId,
        userId,
        "hipaa-security",
        "164.312(b)",
        { title: "log", fileName: "log.txt", bytes: new Uint8Array(size).fill(65) },
        Date.now(),
        limits,
      );
    expect(() => add(0)).toThrow(EvidenceStoreError);
    expect(() => add(101)).toThrow(/at most 100 B/);
    add(100);
    add(100);
    expect(() => add(51)).toThrow(/storage .* is full/);
    add(50);
    expect(listEvidence(tenantId, "hipaa-security", "164.312(b)")).toHaveLength(3);
  });

  it("validates links and dates", async () => {
    const { tenantId, userId } = await tenant();
    adoptFramework(tenantId, userId, "nist-csf-2.0", null);
    const add = (input: Partial<Parameters<typeof addLinkEvidence>[4]>) =>
      addLinkEvidence(tenantId, userId, "nist-csf-2.0", "GV.PO-01", {
        title: "Policy",
        url: "https://wiki.example.com/policy",
        ...input,
      });
    expect(() => add({ url: "javascript:alert(1)" })).toThrow(/https/);
    expect(() => add({ url: "not a url" })).toThrow(/web address/);
    expect(() => add({ effectiveOn: "2026-02-30" })).toThrow(/YYYY-MM-DD/);
    expect(() => add({ effectiveOn: "2026-03-01", expiresOn: "2026-03-01" })).toThrow(/after the effective date/);
    expect(() => add({ title: "  " })).toThrow(/title/);
    add({});
    // Evidence without the box ticked starts the work: not started becomes in progress.
    expect(getRequirement(tenantId, "nist-csf-2.0", "GV.PO-01")!.requirement).toMatchObject({
      status: "in-progress",
      evidenceCount: 1,
    });
    expect(() =>
      addLinkEvidence(tenantId, userId, "nist-csf-2.0", "GV.PO", { title: "x", url: "https://x.example" }),
    ).toThrow(/not in a framework/);
  });

  it("turns an expired requirement back to in progress once, with one alert (fixed clock)", async () => {
    const { tenantId, userId } = await tenant();
    const hipaa = adoptFramework(tenantId, userId, "hipaa-security", null, T("2026-01-01"));
    addLinkEvidence(
      tenantId,
      userId,
      "hipaa-security",
      "164.308(a)(8)",
      {
        title: "Annual evaluation",
        url: "https://docs.example.com/evaluation-2026",
        effectiveOn: "2026-01-01",
        expiresOn: "2026-03-01",
        markCompliant: true,
      },
      T("2026-01-01"),
    );
    expect(frameworkScore(tenantId, hipaa).compliant).toBe(1);

    expect(checkEvidenceExpiry(tenantId, Date.parse("2026-02-28T23:59:59Z"))).toEqual({ expired: 0, reverted: [] });
    expect(
      getRequirement(tenantId, "hipaa-security", "164.308(a)(8)", Date.parse("2026-02-28T23:59:59Z"))!.requirement
        .evidenceCount,
    ).toBe(1);

    const result = checkEvidenceExpiry(tenantId, Date.parse("2026-03-01T00:00:00Z"));
    expect(result).toEqual({ expired: 1, reverted: [{ framework: "hipaa-security", itemId: "164.308(a)(8)" }] });
    const req = getRequirement(tenantId, "hipaa-security", "164.308(a)(8)", T("2026-03-01"))!;
    expect(req.requirement).toMatchObject({ status: "in-progress", evidenceCount: 0 });
    expect(req.evidence[0].state).toBe("expired");
    const alerts = listAlerts(tenantId).filter((a) => a.source === "compliance");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ severity: "medium", title: "Compliance evidence expired: HIPAA 164.308(a)(8)" });
    expect(alerts[0].detail).toContain("expired on 2026-03-01");

    // Handled once: a later check (the job, another page load) changes nothing and alerts no more.
    setRequirementStatus(tenantId, userId, "hipaa-security", "164.308(a)(8)", { status: "compliant" }, T("2026-03-02"));
    expect(checkEvidenceExpiry(tenantId, T("2026-03-05")).expired).toBe(0);
    expect(getRequirement(tenantId, "hipaa-security", "164.308(a)(8)")!.requirement.status).toBe("compliant");
    expect(listAlerts(tenantId).filter((a) => a.source === "compliance")).toHaveLength(1);
  });

  it("the job's entry point handles every tenant with evidence due, and only those", async () => {
    const a = await tenant();
    const b = await tenant();
    for (const t of [a, b]) adoptFramework(t.tenantId, t.userId, "nist-csf-2.0", null);
    addLinkEvidence(
      a.tenantId,
      a.userId,
      "nist-csf-2.0",
      "PR.AT-01",
      {
        title: "Training records",
        url: "https://lms.example.com/records",
        effectiveOn: "2025-01-01",
        expiresOn: "2025-12-31",
        markCompliant: true,
      },
      T("2025-06-01"),
    );
    addLinkEvidence(
      b.tenantId,
      b.userId,
      "nist-csf-2.0",
      "PR.AT-01",
      {
        title: "Training records",
        url: "https://lms.example.com/records",
        effectiveOn: "2025-01-01",
        expiresOn: "2027-12-31",
        markCompliant: true,
      },
      T("2025-06-01"),
    );
    const out = checkAllEvidenceExpiry(T("2026-01-15"));
    expect(out.expired).toBeGreaterThanOrEqual(1);
    expect(getRequirement(a.tenantId, "nist-csf-2.0", "PR.AT-01")!.requirement.status).toBe("in-progress");
    expect(getRequirement(b.tenantId, "nist-csf-2.0", "PR.AT-01")!.requirement.status).toBe("compliant");
  });
});

describe("the periodic job", () => {
  it("registers an hourly handler that handles expiry and writes the day's snapshots", async () => {
    const { tenantId, userId } = await tenant();
    adoptFramework(tenantId, userId, "nist-csf-2.0", null, T("2026-07-01"));
    addLinkEvidence(
      tenantId,
      userId,
      "nist-csf-2.0",
      "GV.OC-01",
      {
        title: "Mission statement",
        url: "https://intranet.example.com/mission",
        expiresOn: "2026-07-03",
        markCompliant: true,
      },
      T("2026-07-01"),
    );
    const handlers = new Map<string, () => unknown>();
    const scheduled: unknown[] = [];
    registerComplianceJobs(
      {
        registerJobHandler: (kind, handler) => void handlers.set(kind, handler),
        scheduleRecurringJob: (input) => void scheduled.push(input),
      },
      T("2026-07-01"),
    );
    expect(scheduled).toEqual([
      { key: "compliance-daily", kind: "compliance-daily", intervalMs: 3_600_000, firstRunAt: T("2026-07-01") },
    ]);
    expect(handlers.has("compliance-daily")).toBe(true);
    // Nobody opens the page for three days: the job still expires the evidence and records each day's score.
    expect(runComplianceJob(T("2026-07-02"))).toMatchObject({ expired: 0 });
    expect(runComplianceJob(T("2026-07-03"))).toMatchObject({ expired: 1 });
    runComplianceJob(T("2026-07-04"));
    expect(scoreTrend(tenantId, "nist-csf-2.0", T("2026-07-04")).map((p) => [p.day, p.compliant])).toEqual([
      ["2026-07-01", 1],
      ["2026-07-02", 1],
      ["2026-07-03", 0],
      ["2026-07-04", 0],
    ]);
  });
});

describe("daily snapshots", () => {
  it("keeps one score per day and framework, oldest first", async () => {
    const { tenantId, userId } = await tenant();
    adoptFramework(tenantId, userId, "hipaa-security", null, T("2026-04-01"));
    setRequirementStatus(tenantId, userId, "hipaa-security", "164.312(b)", { status: "compliant" }, T("2026-04-02"));
    setRequirementStatus(tenantId, userId, "hipaa-security", "164.312(d)", { status: "compliant" }, T("2026-04-02"));
    recordScoreSnapshots(tenantId, T("2026-04-03"));
    const trend = scoreTrend(tenantId, "hipaa-security", T("2026-04-03"));
    expect(trend.map((p) => [p.day, p.score, p.compliant])).toEqual([
      ["2026-04-01", 0, 0],
      ["2026-04-02", 3, 2],
      ["2026-04-03", 3, 2],
    ]);
    expect(trend[0]).toMatchObject({ label: "Apr 1, 2026", short: "Apr 1" });
    expect(scoreTrend(tenantId, "hipaa-security", T("2026-06-30"))).toEqual([]);
  });
});

describe("automatic evidence (mappings as data)", () => {
  it("every mapped id is a requirement of its framework", () => {
    for (const framework of FRAMEWORKS) {
      const items = storedCatalogue(framework.key);
      const byId = new Map(items.map((i) => [i.id, i]));
      for (const source of AUTOMATIC_SOURCES) {
        for (const id of source.requirements[framework.key] ?? []) {
          const ok =
            framework.key === "nist-csf-2.0"
              ? csfRequirementsFor(items, id).length > 0
              : byId.get(id)?.assessable === true && !byId.get(id)?.withdrawn;
          expect(ok, `${source.key} -> ${framework.key} ${id}`).toBe(true);
        }
      }
    }
    expect(mappedRequirements("nist-csf-2.0", "phishing-analysis")).toEqual(["PR.AT-01", "PR.AT-02", "DE.AE-02"]);
    expect(mappedRequirements("nist-csf-2.0", "audit-trail")).toEqual(["PR.PS-04"]);
    expect(mappedRequirements("nist-csf-2.0", "vulnerability-scanning")).toEqual(["ID.RA-01"]);
    expect(mappedRequirements("nist-csf-2.0", "member-access")).toEqual(["PR.AA-05"]);
    expect(mappedRequirements("nist-800-53-rev5", "vulnerability-scanning")).toEqual(["RA-5"]);
    expect(mappedRequirements("hipaa-security", "audit-trail")).toContain("164.312(b)");
  });

  it("every probe runs against the current schema (the tables of modules in this build)", async () => {
    const { tenantId } = await tenant();
    const tables = tableNames();
    for (const source of AUTOMATIC_SOURCES) {
      if (source.probe.kind === "sql") {
        const probe = source.probe;
        if (source.key !== "vulnerability-scanning")
          expect(
            probe.tables.every((t) => tables.has(t)),
            source.key,
          ).toBe(true);
        expect(() => sqlite().prepare(probe.sql).get(tenantId), source.key).not.toThrow();
      } else {
        for (const { table, time } of source.probe.tables)
          if (tables.has(table))
            expect(
              () => sqlite().prepare(`SELECT max(${time}) FROM ${table} WHERE tenant_id = ?`).get(tenantId),
              `${source.key} ${table}`,
            ).not.toThrow();
      }
    }
  });

  it("shows only what the tenant actually uses, from its stored rows, labelled automatic", async () => {
    const { tenantId, userId } = await tenant();
    const other = await tenant();
    const csf = adoptFramework(tenantId, userId, "nist-csf-2.0", null);
    // Before any phishing analysis: nothing on PR.AT.
    expect(automaticEvidence(tenantId, "nist-csf-2.0").get("PR.AT-01")).toBeUndefined();
    sqlite()
      .prepare(
        "INSERT INTO phishing_items (id, tenant_id, subject, sender, risk, score, rationale, analysis) VALUES (?, ?, 's', 'a@b.example', 'high', 80, '[]', '{}')",
      )
      .run(randomUUID(), tenantId);
    const auto = automaticEvidence(tenantId, "nist-csf-2.0");
    expect(auto.get("PR.AT-01")).toEqual([
      expect.objectContaining({ source: "phishing-analysis", count: 1, summary: "1 suspicious message analysed" }),
    ]);
    expect(auto.get("PR.AT-02")?.[0].label).toBe("Phishing Analyzer");
    // The audit trail (createUser wrote sign-up events) and membership are in use for every real tenant.
    expect(auto.get("PR.PS-04")?.[0].source).toBe("audit-trail");
    expect(auto.get("PR.AA-05")?.[0].source).toBe("member-access");
    // Another tenant's rows are not this one's evidence.
    expect(automaticEvidence(other.tenantId, "nist-csf-2.0").get("PR.AT-01")).toBeUndefined();
    // It never sets a status, and the next steps put it first.
    expect(getRequirement(tenantId, "nist-csf-2.0", "PR.AT-01")!.requirement.status).toBe("not-started");
    const next = nextSteps(tenantId, csf, 3);
    expect(next[0]).toMatchObject({ effort: 1 });
    expect(next[0].reason).toMatch(/Rampart already holds evidence/);
  });

  it("sums a module's rows over several tables, leaving out tables this build does not have", async () => {
    const { tenantId } = await tenant();
    const conn = sqlite();
    conn.exec("CREATE TABLE compliance_probe_a (id TEXT PRIMARY KEY, tenant_id TEXT, created_at INTEGER)");
    conn.exec("CREATE TABLE compliance_probe_b (id TEXT PRIMARY KEY, tenant_id TEXT, scanned_at INTEGER)");
    const probe = {
      kind: "count" as const,
      tables: [
        { table: "compliance_probe_a", time: "created_at" },
        { table: "compliance_probe_b", time: "scanned_at" },
        { table: "compliance_probe_missing", time: "created_at" },
      ],
    };
    expect(runProbe(probe, tenantId)).toEqual({ n: 0, last: null });
    conn.prepare("INSERT INTO compliance_probe_a VALUES (?, ?, ?)").run(randomUUID(), tenantId, T("2026-05-01"));
    conn.prepare("INSERT INTO compliance_probe_b VALUES (?, ?, ?)").run(randomUUID(), tenantId, T("2026-05-03"));
    conn
      .prepare("INSERT INTO compliance_probe_b VALUES (?, ?, ?)")
      .run(randomUUID(), "another-tenant", T("2026-06-01"));
    expect(runProbe(probe, tenantId)).toEqual({ n: 2, last: T("2026-05-03") });
    conn.exec("DROP TABLE compliance_probe_a");
    conn.exec("DROP TABLE compliance_probe_b");
    // Vulnerability scanning counts the module's web scans and dependency projects.
    const vuln = AUTOMATIC_SOURCES.find((s) => s.key === "vulnerability-scanning")!.probe;
    expect(vuln).toEqual({
      kind: "count",
      tables: [
        { table: "web_scans", time: "created_at" },
        { table: "dep_projects", time: "scanned_at" },
      ],
    });
  });
});

describe("CSF 1.1 -> 2.0 through the withdrawn links", () => {
  const items = storedCatalogue("nist-csf-2.0");

  it("follows moved_to and incorporated_into", () => {
    expect(csf11To20(items, "PR.AC-04")).toEqual({ id: "PR.AC-04", status: "withdrawn", targets: ["PR.AA-05"] });
    expect(csf11To20(items, "ID.GV-01")?.targets).toEqual(["GV.PO", "GV.PO-01", "GV.PO-02"]);
    expect(csf11To20(items, "DE.CM-08")?.targets).toEqual(["ID.RA-01"]);
    expect(csf11To20(items, "PR.IP-10")?.targets).toEqual(["ID.IM-02", "ID.IM-04"]);
    expect(csf11To20(items, "PR.AC")?.targets).toEqual(["PR.AA"]);
  });

  it("maps a withdrawn category without links through its subcategories, and active ids to themselves", () => {
    expect(csf11To20(items, "RS.RP")?.targets).toEqual(["RS.MA-01"]);
    expect(csf11To20(items, "PR.PT")?.targets).toEqual([
      "PR.PS-04",
      "PR.DS-01",
      "PR.PS-01",
      "PR.AA-06",
      "PR.IR-01",
      "PR.IR-03",
    ]);
    expect(csf11To20(items, "GV.OC-01")).toEqual({ id: "GV.OC-01", status: "active", targets: ["GV.OC-01"] });
    expect(csf11To20(items, "XX.YY-99")).toBeNull();
  });

  it("lands every withdrawn CSF 1.1 id on at least one active 2.0 element", () => {
    const withdrawn = items.filter((i) => i.withdrawn);
    expect(withdrawn).toHaveLength(91);
    const active = new Set(items.filter((i) => !i.withdrawn).map((i) => i.id));
    for (const w of withdrawn) {
      const targets = csf11To20(items, w.id)!.targets;
      expect(targets.length, w.id).toBeGreaterThan(0);
      expect(
        targets.every((t) => active.has(t)),
        w.id,
      ).toBe(true);
    }
  });

  it("expands categories to their subcategories for requirements", () => {
    expect(csfRequirementsFor(items, "ID.GV-01")).toEqual(["GV.PO-01", "GV.PO-02"]);
    expect(csfRequirementsFor(items, "PR.AT")).toEqual(["PR.AT-01", "PR.AT-02"]);
  });
});

describe("CSV export", () => {
  it("quotes every cell and defuses formulas", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell("+1")).toBe(`"'+1"`);
    expect(csvCell("-2")).toBe(`"'-2"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("\tcmd")).toBe(`"'\tcmd"`);
    expect(csvCell("a, b\nc")).toBe(`"a, b\nc"`);
    expect(csvCell(null)).toBe(`""`);
    expect(toCsv(["a", "b"], [[1, "x"]])).toBe(`"a","b"\r\n"1","x"\r\n`);
  });

  it("lists every requirement with status, owner, evidence and dates", async () => {
    const { tenantId, userId } = await tenant();
    adoptFramework(tenantId, userId, "hipaa-security", null);
    setRequirementOwner(tenantId, userId, "hipaa-security", "164.312(b)", userId);
    addLinkEvidence(
      tenantId,
      userId,
      "hipaa-security",
      "164.312(b)",
      {
        title: "=cmd|' /C calc'!A0",
        url: "https://siem.example.com/retention",
        effectiveOn: "2026-01-01",
        expiresOn: "2027-01-01",
        markCompliant: true,
      },
      T("2026-01-02"),
    );
    const report = frameworkReport(tenantId, "hipaa-security", {}, T("2026-01-02"))!;
    const csv = reportCsv(report);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(64);
    expect(lines[0]).toBe(CSV_HEADER.map((h) => `"${h}"`).join(","));
    const row = lines.find((l) => l.startsWith('"164.312(b)"'))!;
    expect(row).toContain('"Compliant"');
    expect(row).toContain(`"'=cmd|' /C calc'!A0 (link https://siem.example.com/retention)"`);
    expect(row).toContain('"2026-01-01","2027-01-01"');
    expect(row).toContain("Audit trail:");
    const required = frameworkReport(tenantId, "hipaa-security", { requiredOnly: true })!;
    expect(required.rows).toHaveLength(41);
  });
});

describe("tenant isolation and permissions", () => {
  it("keeps each tenant's states, evidence and files to itself", async () => {
    const a = await tenant();
    const b = await tenant();
    adoptFramework(a.tenantId, a.userId, "hipaa-security", null);
    const { id } = addFileEvidence(a.tenantId, a.userId, "hipaa-security", "164.312(b)", {
      title: "Log policy",
      fileName: "policy.txt",
      bytes: new TextEncoder().encode("policy"),
      markCompliant: true,
    });
    // B has not adopted HIPAA: A's requirement does not exist for B.
    expect(getRequirement(b.tenantId, "hipaa-security", "164.312(b)")).toBeNull();
    expect(() =>
      setRequirementStatus(b.tenantId, b.userId, "hipaa-security", "164.312(b)", { status: "compliant" }),
    ).toThrow(/not in a framework/);
    // Once B adopts it, B starts from its own blank state.
    const hipaaB = adoptFramework(b.tenantId, b.userId, "hipaa-security", null);
    expect(frameworkScore(b.tenantId, hipaaB).compliant).toBe(0);
    expect(listEvidence(b.tenantId, "hipaa-security", "164.312(b)")).toEqual([]);
    expect(getEvidenceFile(b.tenantId, id)).toBeUndefined();
    expect(removeEvidence(b.tenantId, id)).toBeNull();
    expect(getEvidenceFile(a.tenantId, id)).toBeDefined();
    expect(frameworkScore(a.tenantId, getAdoption(a.tenantId, "hipaa-security")!).compliant).toBe(1);
    expect(allRequirements(b.tenantId, hipaaB).every((r) => r.evidenceCount === 0)).toBe(true);
  });

  it("lets owners and admins change records, and everyone view", () => {
    expect(can("owner", "complianceRecord", "manage")).toBe(true);
    expect(can("admin", "complianceRecord", "manage")).toBe(true);
    expect(can("member", "complianceRecord", "manage")).toBe(false);
    expect(can("viewer", "complianceRecord", "manage")).toBe(false);
    expect(can("member", "complianceRecord", "view")).toBe(true);
  });
});
