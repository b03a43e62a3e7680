import { describe, expect, it } from "vitest";
import {
  DEMO_REFERENCE_DATE,
  DEMO_SEED,
  demoFindingsBySeverity,
  demoRecentAlerts,
  generateDemoData,
  mulberry32,
  type DemoData,
} from "./generator";

const data = generateDemoData();

const FIELDS: Record<string, string[]> = {
  identities: ["id", "email", "domain", "type", "severity", "status", "evidence", "foundAt", "breachCount"],
  phishingItems: ["id", "subject", "sender", "risk", "status", "rationale"],
  vulnerabilities: ["id", "title", "severity", "status", "target", "discoveredAt"],
  privacyRequests: ["id", "type", "status", "requestedAt", "dueDate", "completedAt"],
  anomalies: ["id", "type", "severity", "detectedAt", "user"],
};

/** Every string anywhere in the data set, with its path, for the privacy checks. */
function strings(value: unknown, path = "data"): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => strings(v, `${path}.${k}`));
  return [];
}

const RESERVED = /(^|\.)(example\.com|example\.org|example\.net|[a-z0-9-]+\.test)$/i;
const isReserved = (domain: string) => RESERVED.test(domain) || domain === "example.com" || domain === "example.org";

describe("demo data generator", () => {
  it("returns the same data on every call (deterministic)", () => {
    expect(generateDemoData()).toEqual(generateDemoData());
    expect(generateDemoData(DEMO_SEED)).toEqual(data);
    expect(JSON.stringify(generateDemoData())).toBe(JSON.stringify(data));
  });

  it("uses a seeded PRNG: same seed same sequence, another seed another data set", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const seqA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(seqA);
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(generateDemoData(7)).not.toEqual(data);
  });

  it("has every headline metric as a number", () => {
    for (const key of [
      "securityScore",
      "activeThreats",
      "resolvedIssues",
      "darkWebHits",
      "phishingDetected",
      "anomaliesCount",
    ]) {
      expect(typeof (data.metrics as Record<string, unknown>)[key], key).toBe("number");
    }
  });

  it("has every field of each entity of docs/product.md §3 on every item", () => {
    for (const [list, fields] of Object.entries(FIELDS)) {
      const items = (data as unknown as Record<string, Record<string, unknown>[]>)[list];
      expect(items.length, list).toBeGreaterThan(0);
      for (const item of items) {
        expect(Object.keys(item).sort(), `${list} ${item.id}`).toEqual([...fields].sort());
        for (const f of fields) {
          if (list === "privacyRequests" && f === "completedAt") continue;
          expect(item[f], `${list}.${f}`).not.toBeNull();
          expect(item[f], `${list}.${f}`).not.toBe("");
        }
      }
    }
    for (const p of data.phishingItems) expect(p.rationale.length).toBeGreaterThan(0);
    for (const list of Object.keys(FIELDS)) {
      const ids = (data as unknown as Record<string, { id: string }[]>)[list].map((x) => x.id);
      expect(new Set(ids).size, `${list} ids are unique`).toBe(ids.length);
    }
    expect(new Set(data.identities.map((x) => x.email)).size).toBe(data.identities.length);
    for (const r of data.privacyRequests) {
      if (r.status === "completed") expect(r.completedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      else expect(r.completedAt).toBeNull();
    }
    expect(Object.keys(data.executiveMetrics).sort()).toEqual(
      [
        "overallRiskScore",
        "riskTrend",
        "criticalFindings",
        "highSeverityFindings",
        "complianceScore",
        "securityPostureScore",
        "averageResponseTime",
        "toolsReplaced",
        "hoursSavedMonthly",
      ].sort(),
    );
    expect(data.executiveMetrics.riskTrend.length).toBeGreaterThanOrEqual(3);
    expect(data.executiveMetrics.riskTrend.at(-1)?.score).toBe(data.executiveMetrics.overallRiskScore);
    expect(Object.keys(data.analytics).sort()).toEqual(
      ["toolsReplaced", "hoursSavedMonthly", "costSavings", "securityIncidents", "incidentsResolved"].sort(),
    );
    for (const c of data.compliance) {
      expect(Object.keys(c).sort()).toEqual(["controls", "framework", "score"]);
      expect(c.controls.length).toBeGreaterThan(0);
      for (const ctl of c.controls) expect(Object.keys(ctl).sort()).toEqual(["evidence", "id", "name", "status"]);
    }
  });

  it("shows every state of docs/product.md §4", () => {
    const states = (values: string[]) => new Set(values);
    expect(states(data.identities.map((x) => x.status))).toEqual(new Set(["breached", "clean"]));
    expect(states(data.phishingItems.map((x) => x.status))).toEqual(new Set(["detected", "quarantined"]));
    expect(states(data.vulnerabilities.map((x) => x.status))).toEqual(new Set(["open", "remediated"]));
    expect(states(data.privacyRequests.map((x) => x.status))).toEqual(new Set(["pending", "completed"]));
    expect(states(data.compliance.flatMap((c) => c.controls.map((x) => x.status)))).toEqual(
      new Set(["in-progress", "compliant"]),
    );
    const levels = new Set(["low", "medium", "high"]);
    expect(states(data.identities.map((x) => x.severity))).toEqual(levels);
    expect(states(data.phishingItems.map((x) => x.risk))).toEqual(levels);
    expect(states(data.vulnerabilities.map((x) => x.severity))).toEqual(levels);
    expect(states(data.anomalies.map((x) => x.severity))).toEqual(levels);
  });

  it("covers every state whatever the seed", () => {
    for (const seed of [1, 2, 3, 99, 123456]) {
      const d = generateDemoData(seed);
      expect(new Set(d.identities.map((x) => x.status)).size, `seed ${seed}`).toBe(2);
      expect(new Set(d.vulnerabilities.map((x) => x.severity)).size, `seed ${seed}`).toBe(3);
      expect(new Set(d.compliance.flatMap((c) => c.controls.map((x) => x.status))).size, `seed ${seed}`).toBe(2);
    }
  });

  it("uses only reserved example domains and no real person's address", () => {
    const all = strings(data);
    const emails = all.filter(([, s]) => /@/.test(s));
    expect(emails.length).toBeGreaterThan(10);
    for (const [path, s] of all) {
      for (const m of s.matchAll(/[A-Za-z0-9._%+-]+@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g)) {
        expect(isReserved(m[1]), `${path}: ${s}`).toBe(true);
        // Generated users (userNN) or role mailboxes only.
        expect(m[0].split("@")[0], `${path}: ${s}`).toMatch(
          /^(user\d+|security|it-admin|it-helpdesk|finance|hr|support|billing|ceo-office|payroll|accounts|noreply|delivery|admin)$/,
        );
      }
    }
    for (const x of data.identities) expect(isReserved(x.domain), x.domain).toBe(true);
    for (const v of data.vulnerabilities) expect(isReserved(v.target), v.target).toBe(true);
    for (const a of data.anomalies) expect(isReserved(a.user.split("@")[1]), a.user).toBe(true);
  });

  it("includes the sample values of docs/product.md §9: security score 87 and HIPAA 94", () => {
    expect(data.metrics.securityScore).toBe(87);
    expect(data.compliance.find((c) => c.framework.startsWith("HIPAA"))?.score).toBe(94);
  });

  it("derives headline numbers from the lists, so the pages agree", () => {
    expect(data.metrics.anomaliesCount).toBe(data.anomalies.length);
    expect(data.metrics.darkWebHits).toBe(data.identities.reduce((s, x) => s + x.breachCount, 0));
    expect(data.analytics.toolsReplaced).toBe(data.executiveMetrics.toolsReplaced);
    expect(data.analytics.incidentsResolved).toBeLessThanOrEqual(data.analytics.securityIncidents);
    const bySeverity = demoFindingsBySeverity(data);
    expect(bySeverity.map((b) => b.severity)).toEqual(["high", "medium", "low"]);
    expect(bySeverity.every((b) => b.count > 0)).toBe(true);
  });

  it("lists the most recent alerts first", () => {
    const alerts = demoRecentAlerts(data as DemoData, 5);
    expect(alerts).toHaveLength(5);
    const dates = alerts.map((a) => a.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("raises Privacy Guard deadline alerts for pending requests past or near their due date", () => {
    const all = demoRecentAlerts(data as DemoData, 100).filter((a) => a.source === "Privacy Guard");
    const late = data.privacyRequests.filter(
      (r) => r.status === "pending" && Date.parse(r.dueDate) < Date.parse(DEMO_REFERENCE_DATE),
    );
    expect(all.filter((a) => a.severity === "high").map((a) => a.title)).toEqual(
      expect.arrayContaining(late.map((r) => `Privacy request ${r.id} is overdue`)),
    );
    for (const a of all) expect(a.createdAt <= new Date(Date.parse(DEMO_REFERENCE_DATE)).toISOString()).toBe(true);
  });
});
