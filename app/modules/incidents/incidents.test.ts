// Incident response against this file's real SQLite database: status transitions (allowed and refused), opening
// from alerts, merging, templates, observable links, SLA breaches on a fixed clock, MTTA/MTTR arithmetic, evidence
// hashing and quota, the append-only timeline, role checks and tenant isolation through the API.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sqlite } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { listAlerts, raiseAlert } from "~/modules/alerts";
import { executiveMetrics } from "~/modules/executive/executive.server";
import { acceptInvitation, createInvitation } from "~/modules/tenants";
import { setTenantPlan } from "~/modules/tenants";
import { jsonReq, req, settle, signedInUser } from "../../../tests/unit/helpers";
import * as cases from "./cases.server";
import {
  addComment,
  addObservable,
  addTask,
  checkTransition,
  createCase,
  getCase,
  IncidentError,
  listTemplates,
  listTimeline,
  mergeCases,
  resetTemplate,
  saveTemplate,
  updateCase,
  updateTask,
} from "./cases.server";
import { readEvidence, storeEvidence } from "./evidence.server";
import { can } from "~/modules/permissions";
import { caseMarkdown } from "./report.server";
import { checkSlaBreaches, responseFigures, responseMetrics, setSlaTarget } from "./sla.server";
import { DEFAULT_TEMPLATES, PHASES } from "./templates";
import { STATUSES, TRANSITIONS } from "./types";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import * as incidentsRoute from "~/routes/_app.incident-response";
import * as caseRoute from "~/routes/_app.incident-response_.$id";
import * as evidenceRoute from "~/routes/_app.incident-response_.$id_.evidence.$evidenceId";
import * as markdownRoute from "~/routes/_app.incident-response_.$id_.markdown";
import * as templatesRoute from "~/routes/_app.incident-response_.templates";
import * as casesApi from "~/routes/api.incidents";
import * as caseApi from "~/routes/api.incidents.$id";
import * as tasksApi from "~/routes/api.incidents.$id.tasks";
import * as observablesApi from "~/routes/api.incidents.$id.observables";
import * as commentsApi from "~/routes/api.incidents.$id.comments";
import * as evidenceApi from "~/routes/api.incidents.$id.evidence";
import * as timelineApiRoute from "~/routes/api.incidents.$id.timeline";

// The loaders and actions live in the route files; these call them as Remix does, under the names the tests use.
type Args = LoaderFunctionArgs & ActionFunctionArgs;
const args = (request: Request, params: Record<string, string> = {}, context: unknown = {}) =>
  ({ request, params, context }) as unknown as Args;
const incidentsAction = (r: Request, c: unknown) => incidentsRoute.action(args(r, {}, c));
const caseAction = (r: Request, id: string, c: unknown) => caseRoute.action(args(r, { id }, c));
const evidenceDownload = (r: Request, id: string, evidenceId: string, c: unknown) =>
  evidenceRoute.loader(args(r, { id, evidenceId }, c));
const markdownExport = (r: Request, id: string) => markdownRoute.loader(args(r, { id }));
const templatesAction = (r: Request, c: unknown) => templatesRoute.action(args(r, {}, c));
const api = {
  listCasesApi: (r: Request) => casesApi.loader(args(r)),
  createCaseApi: (r: Request, c: unknown) => casesApi.action(args(r, {}, c)),
  getCaseApi: (r: Request, id: string) => caseApi.loader(args(r, { id })),
  patchCaseApi: (r: Request, id: string, c: unknown) => caseApi.action(args(r, { id }, c)),
  addTaskApi: (r: Request, id: string) => tasksApi.action(args(r, { id })),
  addObservableApi: (r: Request, id: string) => observablesApi.action(args(r, { id })),
  addCommentApi: (r: Request, id: string) => commentsApi.action(args(r, { id })),
  addEvidenceApi: (r: Request, id: string, c: unknown) => evidenceApi.action(args(r, { id }, c)),
  timelineApi: (r: Request, id: string) => timelineApiRoute.loader(args(r, { id })),
};
import { INCIDENT_SLA_JOB, registerIncidentJobs } from "./jobs.server";

const MIN = 60_000;
const HOUR = 60 * MIN;
/** 2026-03-10 12:00 UTC, a fixed clock. */
const NOW = Date.UTC(2026, 2, 10, 12);

async function business() {
  const u = await signedInUser();
  setTenantPlan(u.tenantId, "business");
  return { ...u, actor: { userId: u.user.id } };
}

function refused(fn: () => unknown): IncidentError {
  try {
    fn();
  } catch (error) {
    if (error instanceof IncidentError) return error;
    throw error;
  }
  throw new Error("expected an IncidentError");
}

async function refusedAsync(fn: () => Promise<unknown>): Promise<IncidentError> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof IncidentError) return error;
    throw error;
  }
  throw new Error("expected an IncidentError");
}

async function colleague(tenantId: string, inviter: string, role: "admin" | "member" | "viewer") {
  const c = await signedInUser();
  setTenantPlan(c.tenantId, "pro"); // room for a second organization
  acceptInvitation(createInvitation(tenantId, role, inviter).token, c.user.id);
  return c;
}

describe("status transitions", () => {
  it("follows the life cycle and refuses moves it does not allow", async () => {
    const t = await business();
    const c = createCase(t.tenantId, { title: "Suspicious login", severity: "high" }, t.actor, NOW);
    expect(c.status).toBe("open");
    expect(c.reference).toMatch(/^IR-\d+$/);

    const investigating = updateCase(t.tenantId, c.id, { status: "investigating" }, t.actor, NOW + 10 * MIN)!;
    expect(investigating.status).toBe("investigating");
    expect(investigating.acknowledgedAt).toBe(NOW + 10 * MIN);

    // Closing needs a resolution; an unknown jump is refused and nothing changes.
    expect(refused(() => updateCase(t.tenantId, c.id, { status: "closed" }, t.actor, NOW)).message).toBe(
      "Closing a case needs a resolution",
    );
    expect(refused(() => updateCase(t.tenantId, c.id, { status: "open" }, t.actor, NOW)).message).toBe(
      "A case cannot go from investigating to open",
    );
    expect(getCase(t.tenantId, c.id)!.status).toBe("investigating");

    updateCase(t.tenantId, c.id, { status: "contained" }, t.actor, NOW + HOUR);
    const resolved = updateCase(t.tenantId, c.id, { status: "resolved" }, t.actor, NOW + 3 * HOUR)!;
    expect(resolved.containedAt).toBe(NOW + HOUR);
    expect(resolved.resolvedAt).toBe(NOW + 3 * HOUR);
    const closed = updateCase(
      t.tenantId,
      c.id,
      { status: "closed", resolution: "true-positive" },
      t.actor,
      NOW + 4 * HOUR,
    )!;
    expect(closed).toMatchObject({ status: "closed", resolution: "true-positive", closedAt: NOW + 4 * HOUR });
    // Reopening clears the resolution so the case is measured again.
    const reopened = updateCase(t.tenantId, c.id, { status: "investigating" }, t.actor, NOW + 5 * HOUR)!;
    expect(reopened).toMatchObject({ status: "investigating", resolution: null, resolvedAt: null });
  });

  it("has a rule for every pair of statuses", () => {
    for (const from of STATUSES)
      for (const to of STATUSES) {
        const answer = checkTransition(from, to, "benign");
        if (from === to || TRANSITIONS[from].includes(to)) expect(answer, `${from} -> ${to}`).toBeNull();
        else expect(answer, `${from} -> ${to}`).toMatch(/cannot go/);
      }
  });
});

describe("opening from alerts", () => {
  it("links the alerts and acknowledges them; another tenant's alert is refused", async () => {
    const t = await business();
    const other = await business();
    const a1 = raiseAlert({ tenantId: t.tenantId, source: "phishing", severity: "high", title: "Phish reported" })!;
    const a2 = raiseAlert({ tenantId: t.tenantId, source: "breach", severity: "medium", title: "Password exposed" })!;
    const foreign = raiseAlert({ tenantId: other.tenantId, source: "breach", severity: "low", title: "Theirs" })!;

    expect(
      refused(() => createCase(t.tenantId, { title: "x", severity: "low", alertIds: [a1, foreign] }, t.actor, NOW))
        .field,
    ).toBe("alertIds");

    const c = createCase(t.tenantId, { title: "Phishing wave", severity: "high", alertIds: [a1, a2] }, t.actor, NOW);
    expect(c.source).toBe("alerts");
    expect(c.alerts.map((a) => a.id).sort()).toEqual([a1, a2].sort());
    const statuses = Object.fromEntries(listAlerts(t.tenantId).map((a) => [a.id, a.status]));
    expect(statuses[a1]).toBe("acknowledged");
    expect(statuses[a2]).toBe("acknowledged");
    expect(listAlerts(other.tenantId)[0].status).toBe("active");
    expect(listTimeline(t.tenantId, c.id).filter((e) => e.kind === "alert_linked")).toHaveLength(2);
  });
});

describe("templates", () => {
  it("ships five NIST SP 800-61 templates, each covering the phases with due times from opening", async () => {
    const t = await business();
    const list = listTemplates(t.tenantId, NOW);
    expect(list.map((x) => x.key)).toEqual([
      "phishing",
      "account-compromise",
      "malware",
      "data-exposure",
      "lost-device",
    ]);
    for (const tpl of DEFAULT_TEMPLATES) {
      expect(new Set(tpl.tasks.map((x) => x.phase))).toEqual(new Set(PHASES));
    }
    const c = createCase(
      t.tenantId,
      { title: "Laptop lost", severity: "medium", template: "lost-device" },
      t.actor,
      NOW,
    );
    expect(c.tasks).toHaveLength(DEFAULT_TEMPLATES[4].tasks.length);
    expect(c.tasks[0].dueAt).toBe(NOW + DEFAULT_TEMPLATES[4].tasks[0].dueHours * HOUR);
    expect(
      refused(() => createCase(t.tenantId, { title: "x", severity: "low", template: "nope" }, t.actor)).field,
    ).toBe("template");
  });

  it("edits a tenant's copy only, and resets it", async () => {
    const t = await business();
    const other = await business();
    saveTemplate(t.tenantId, {
      key: "malware",
      name: "Ransomware",
      tasks: [{ title: "Isolate", phase: PHASES[2], dueHours: 1 }],
    });
    expect(listTemplates(t.tenantId).find((x) => x.key === "malware")).toMatchObject({ name: "Ransomware" });
    expect(listTemplates(other.tenantId).find((x) => x.key === "malware")!.name).toBe("Malware");
    const c = createCase(t.tenantId, { title: "Crypto", severity: "critical", template: "malware" }, t.actor, NOW);
    expect(c.tasks.map((x) => x.title)).toEqual(["Isolate"]);
    expect(resetTemplate(t.tenantId, "malware")).toBe(true);
    expect(listTemplates(t.tenantId).find((x) => x.key === "malware")!.name).toBe("Malware");
  });
});

describe("tasks, observables and links", () => {
  it("ticks tasks on the timeline and links cases holding the same observable", async () => {
    const t = await business();
    const other = await business();
    const a = createCase(t.tenantId, { title: "A", severity: "low" }, t.actor, NOW);
    const b = createCase(t.tenantId, { title: "B", severity: "low" }, t.actor, NOW);
    const theirs = createCase(other.tenantId, { title: "C", severity: "low" }, other.actor, NOW);

    const task = addTask(t.tenantId, a.id, { title: "Check logs", dueHours: 2 }, t.actor, NOW)!;
    expect(task.dueAt).toBe(NOW + 2 * HOUR);
    expect(updateTask(t.tenantId, a.id, task.id, { status: "done" }, t.actor, NOW + HOUR)!.doneAt).toBe(NOW + HOUR);
    expect(updateTask(t.tenantId, b.id, task.id, { status: "done" }, t.actor)).toBeNull();

    addObservable(t.tenantId, a.id, { type: "domain", value: "Evil.Example.COM.", ioc: true }, t.actor, NOW);
    addObservable(t.tenantId, b.id, { type: "domain", value: "evil.example.com" }, t.actor, NOW);
    addObservable(other.tenantId, theirs.id, { type: "domain", value: "evil.example.com" }, other.actor, NOW);
    const obs = getCase(t.tenantId, a.id)!.observables;
    expect(obs).toHaveLength(1);
    expect(obs[0]).toMatchObject({ value: "evil.example.com", ioc: true });
    expect(obs[0].linkedCases).toEqual([{ id: b.id, reference: b.reference, title: "B" }]);

    expect(refused(() => addObservable(t.tenantId, a.id, { type: "ip", value: "999.1.1.1" }, t.actor)).message).toMatch(
      /IPv4/,
    );
    expect(refused(() => addObservable(t.tenantId, a.id, { type: "hash", value: "abc" }, t.actor)).field).toBe("value");
    expect(
      refused(() => addObservable(t.tenantId, a.id, { type: "domain", value: "EVIL.example.com" }, t.actor)).message,
    ).toMatch(/already/);
    const sha = "A".repeat(64);
    expect(addObservable(t.tenantId, a.id, { type: "hash", value: sha }, t.actor)!.value).toBe(sha.toLowerCase());

    const kinds = listTimeline(t.tenantId, a.id).map((e) => e.kind);
    expect(kinds).toEqual(["created", "task_added", "task_done", "observable", "observable"]);
  });
});

describe("merge", () => {
  it("moves tasks, observables, evidence and alerts to the target and closes the source as a duplicate", async () => {
    const t = await business();
    const alert = raiseAlert({ tenantId: t.tenantId, source: "phishing", severity: "high", title: "Phish" })!;
    const src = createCase(
      t.tenantId,
      { title: "Src", severity: "high", template: "phishing", alertIds: [alert], tags: ["mail"] },
      t.actor,
      NOW,
    );
    const dst = createCase(t.tenantId, { title: "Dst", severity: "high", tags: ["wave"] }, t.actor, NOW);
    addObservable(t.tenantId, src.id, { type: "ip", value: "203.0.113.9" }, t.actor, NOW);
    addObservable(t.tenantId, dst.id, { type: "ip", value: "203.0.113.9" }, t.actor, NOW);
    addObservable(t.tenantId, src.id, { type: "email", value: "bad@example.net" }, t.actor, NOW);
    await storeEvidence(t.tenantId, src.id, { name: "mail.eml", bytes: new TextEncoder().encode("From: x") }, t.actor);

    const merged = mergeCases(t.tenantId, src.id, dst.id, t.actor, NOW + HOUR)!;
    expect(merged.tasks).toHaveLength(DEFAULT_TEMPLATES[0].tasks.length);
    expect(merged.observables.map((o) => o.value).sort()).toEqual(["203.0.113.9", "bad@example.net"]);
    expect(merged.evidence).toHaveLength(1);
    expect(merged.alerts.map((a) => a.id)).toEqual([alert]);
    expect(merged.tags.sort()).toEqual(["mail", "wave"]);
    const source = getCase(t.tenantId, src.id)!;
    expect(source).toMatchObject({ status: "closed", resolution: "duplicate", mergedInto: dst.id });
    expect(listTimeline(t.tenantId, dst.id).some((e) => e.kind === "merged_from")).toBe(true);
    expect(refused(() => mergeCases(t.tenantId, src.id, dst.id, t.actor)).message).toMatch(/already merged/);
    expect(refused(() => mergeCases(t.tenantId, dst.id, dst.id, t.actor)).message).toMatch(/itself/);
  });
});

describe("SLA targets", () => {
  it("flags a missed target on a fixed clock and raises one alert per missed target", async () => {
    const t = await business();
    setSlaTarget(t.tenantId, { severity: "critical", ackMinutes: 15, containMinutes: 60, resolveMinutes: 240 });
    const c = createCase(t.tenantId, { title: "Ransomware", severity: "critical" }, t.actor, NOW);
    expect(checkSlaBreaches(t.tenantId, NOW + 14 * MIN)).toBe(0);
    expect(checkSlaBreaches(t.tenantId, NOW + 16 * MIN)).toBe(1);
    expect(checkSlaBreaches(t.tenantId, NOW + 20 * MIN)).toBe(0); // idempotent
    const alerts = listAlerts(t.tenantId).filter((a) => a.source === "incident-response");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      severity: "critical",
      title: `${c.reference} missed its time to acknowledge target`,
    });
    updateCase(t.tenantId, c.id, { status: "investigating" }, t.actor, NOW + 30 * MIN);
    // Acknowledged now; containment runs out at 60 minutes.
    expect(checkSlaBreaches(t.tenantId, NOW + 61 * MIN)).toBe(1);
    expect(listTimeline(t.tenantId, c.id).filter((e) => e.kind === "sla_breach")).toHaveLength(2);
  });
});

describe("MTTA and MTTR", () => {
  it("averages per month of opening and per severity", async () => {
    const t = await business();
    const jan = Date.UTC(2026, 0, 5, 9);
    const feb = Date.UTC(2026, 1, 5, 9);
    const mk = (at: number, severity: "high" | "low", ack: number, res: number | null) => {
      const c = createCase(t.tenantId, { title: "c", severity }, t.actor, at);
      updateCase(t.tenantId, c.id, { status: "investigating" }, t.actor, at + ack);
      if (res != null) updateCase(t.tenantId, c.id, { status: "resolved" }, t.actor, at + res);
      return c;
    };
    mk(jan, "high", 10 * MIN, 2 * HOUR);
    mk(jan, "high", 30 * MIN, 6 * HOUR);
    mk(feb, "low", 2 * HOUR, null);
    createCase(t.tenantId, { title: "never touched", severity: "low" }, t.actor, feb);

    const m = responseMetrics(t.tenantId, { now: Date.UTC(2026, 1, 20), months: 3 });
    expect(m.byMonth.map((x) => x.month)).toEqual(["2025-12", "2026-01", "2026-02"]);
    expect(m.byMonth[0]).toMatchObject({ cases: 0, mttaMs: null, mttrMs: null });
    expect(m.byMonth[1]).toMatchObject({ cases: 2, mttaMs: 20 * MIN, mttrMs: 4 * HOUR });
    expect(m.byMonth[2]).toMatchObject({ cases: 2, mttaMs: 2 * HOUR, mttrMs: null, acknowledged: 1, resolved: 0 });
    expect(m.bySeverity.find((s) => s.severity === "high")).toMatchObject({ mttaMs: 20 * MIN, mttrMs: 4 * HOUR });
    expect(m.overall).toMatchObject({ cases: 4, acknowledged: 3, resolved: 2, mttrMs: 4 * HOUR });
    expect(m.overall.mttaMs).toBeCloseTo((10 * MIN + 30 * MIN + 2 * HOUR) / 3);
    // /executive's averageResponseTime is the MTTR in hours.
    expect(executiveMetrics(t.tenantId).averageResponseTime).toBe(4);
    // Merged duplicates are not counted.
    expect(
      responseFigures([
        {
          severity: "low",
          status: "closed",
          openedAt: 0,
          acknowledgedAt: 5,
          containedAt: null,
          resolvedAt: 9,
          mergedInto: "x",
        },
      ]).cases,
    ).toBe(0);
  });
});

describe("evidence", () => {
  it("stores the file under the data directory with its SHA-256 and keeps to the quota", async () => {
    const t = await business();
    const c = createCase(t.tenantId, { title: "Exfil", severity: "high" }, t.actor, NOW);
    const bytes = new TextEncoder().encode("<script>alert(1)</script>");
    const stored = (await storeEvidence(
      t.tenantId,
      c.id,
      { name: "../../etc/passwd.html", type: "text/html", bytes },
      t.actor,
    ))!;
    expect(stored.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(stored.fileName).toBe("passwd.html");
    const onDisk = path.join(getEnv().dataDir, "incident-evidence", t.tenantId, stored.id);
    expect(fs.readFileSync(onDisk, "utf8")).toBe("<script>alert(1)</script>");
    expect(readEvidence(t.tenantId, c.id, stored.id)!.sha256).toBe(stored.sha256);
    expect(listTimeline(t.tenantId, c.id).at(-1)).toMatchObject({ kind: "evidence" });

    const quota = await refusedAsync(() =>
      storeEvidence(t.tenantId, c.id, { name: "b", bytes: new Uint8Array(30) }, t.actor, { quotaBytes: 40 }),
    );
    expect(quota).toMatchObject({ status: 413, message: "This organization's evidence storage quota is full" });
    const big = await refusedAsync(() =>
      storeEvidence(t.tenantId, c.id, { name: "big", bytes: new Uint8Array(25 * 1024 * 1024 + 1) }, t.actor),
    );
    expect(big.message).toBe("Evidence files are limited to 25 MB each");

    // The download is an attachment, never sniffed, and audited on the timeline.
    const res = await settle(() =>
      evidenceDownload(
        req(`/incident-response/${c.id}/evidence/${stored.id}`, { cookie: t.cookie }),
        c.id,
        stored.id,
        {},
      ),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(res.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="passwd\.html"/);
    expect(await res.text()).toBe("<script>alert(1)</script>");
    const audit = sqlite()
      .prepare("SELECT count(*) AS n FROM audit_log WHERE tenant_id = ? AND action = 'incident.evidence_downloaded'")
      .get(t.tenantId) as { n: number };
    expect(audit.n).toBe(1);
  });
});

describe("timeline", () => {
  it("is append-only: no update or delete function, the database refuses UPDATE, corrections are new entries", async () => {
    const t = await business();
    const c = createCase(t.tenantId, { title: "T", severity: "low" }, t.actor, NOW);
    const comment = addComment(t.tenantId, c.id, { text: "Host is 10.0.0.5" }, t.actor, NOW)!;
    const correction = addComment(t.tenantId, c.id, { text: "Host is 10.0.0.6", corrects: comment.id }, t.actor, NOW)!;
    expect(correction).toMatchObject({
      kind: "correction",
      corrects: comment.id,
      text: "Correction: Host is 10.0.0.6",
    });
    expect(listTimeline(t.tenantId, c.id).find((e) => e.id === comment.id)!.text).toBe("Host is 10.0.0.5");
    expect(() => sqlite().prepare("UPDATE incident_events SET detail = '{}' WHERE id = ?").run(comment.id)).toThrow(
      /cannot be changed/,
    );
    const names = Object.keys(cases).filter((k) => /event|timeline|comment/i.test(k));
    expect(names.filter((n) => /update|delete|remove|edit/i.test(n))).toEqual([]);
    expect(refused(() => addComment(t.tenantId, c.id, { text: "x", corrects: 999_999 }, t.actor)).field).toBe(
      "corrects",
    );
  });
});

describe("roles and the API", () => {
  it("maps roles: viewers view, members work, admins manage, owners set SLA targets", () => {
    expect(
      (["view", "work", "manage", "editTemplates", "setTargets"] as const).map((a) => can("viewer", "incident", a)),
    ).toEqual([true, false, false, false, false]);
    expect(can("member", "incident", "work")).toBe(true);
    expect(can("member", "incident", "manage")).toBe(false);
    expect(can("admin", "incident", "manage")).toBe(true);
    expect(can("admin", "incident", "setTargets")).toBe(false);
    expect(can("owner", "incident", "setTargets")).toBe(true);
  });

  it("answers the API by role, plan and tenant", async () => {
    const t = await business();
    const free = await signedInUser();
    const member = await colleague(t.tenantId, t.user.id, "member");
    const viewer = await colleague(t.tenantId, t.user.id, "viewer");
    const asOwner = { cookie: t.cookie, tenantId: t.tenantId };

    const created = await settle(() =>
      api.createCaseApi(
        jsonReq("/api/incidents", { title: "API case", severity: "high", template: "phishing" }, asOwner),
        {},
      ),
    );
    expect(created.status).toBe(201);
    const body = (await created.json()) as { id: string; tasks: unknown[]; sla: { ack: { breached: boolean } } };
    expect(body.tasks).toHaveLength(DEFAULT_TEMPLATES[0].tasks.length);
    expect(body.sla.ack.breached).toBe(false);

    const bad = await settle(() =>
      api.createCaseApi(jsonReq("/api/incidents", { title: "", severity: "huge" }, asOwner), {}),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "VALIDATION_ERROR" });

    const noPlan = await settle(() => api.listCasesApi(req("/api/incidents", { cookie: free.cookie })));
    expect(noPlan.status).toBe(403);

    // A member works the case but cannot change its status; a viewer only reads.
    const asMember = { cookie: member.cookie, tenantId: t.tenantId };
    const patch = (init: typeof asOwner, b: unknown) =>
      settle(() =>
        api.patchCaseApi(jsonReq(`/api/incidents/${body.id}`, b, { ...init, method: "PATCH" }), body.id, {}),
      );
    expect((await patch(asMember, { status: "investigating" })).status).toBe(403);
    expect((await patch(asMember, { tags: ["mail"] })).status).toBe(200);
    expect((await patch(asOwner, { status: "closed" })).status).toBe(400);
    expect((await patch(asOwner, { status: "investigating" })).status).toBe(200);
    const obs = await settle(() =>
      api.addObservableApi(
        jsonReq(`/api/incidents/${body.id}/observables`, { type: "url", value: "https://evil.example/x" }, asMember),
        body.id,
      ),
    );
    expect(obs.status).toBe(201);
    const asViewer = { cookie: viewer.cookie, tenantId: t.tenantId };
    const viewerComment = await settle(() =>
      api.addCommentApi(jsonReq(`/api/incidents/${body.id}/comments`, { text: "hi" }, asViewer), body.id),
    );
    expect(viewerComment.status).toBe(403);
    // The refusal names what the role lacks, in the incident module's words.
    expect(await viewerComment.json()).toMatchObject({
      message: "Your role cannot work on incident cases.",
      code: "FORBIDDEN",
    });
    const viewerGet = await settle(() => api.getCaseApi(req(`/api/incidents/${body.id}`, asViewer), body.id));
    expect(((await viewerGet.json()) as { observables: unknown[] }).observables).toEqual([]);

    // Another tenant's case is 404 on every endpoint.
    const stranger = await business();
    const asStranger = { cookie: stranger.cookie, tenantId: stranger.tenantId };
    for (const res of [
      await settle(() => api.getCaseApi(req(`/api/incidents/${body.id}`, asStranger), body.id)),
      await settle(() => api.timelineApi(req(`/api/incidents/${body.id}/timeline`, asStranger), body.id)),
      await settle(() =>
        api.addTaskApi(jsonReq(`/api/incidents/${body.id}/tasks`, { title: "x" }, asStranger), body.id),
      ),
    ])
      expect(res.status).toBe(404);

    const timeline = await settle(() => api.timelineApi(req(`/api/incidents/${body.id}/timeline`, asOwner), body.id));
    const entries = ((await timeline.json()) as { timeline: { kind: string }[] }).timeline.map((e) => e.kind);
    expect(entries).toEqual(["created", "field", "status", "observable"]);

    // Evidence over multipart.
    const form = new FormData();
    form.set("file", new Blob([new TextEncoder().encode("evil")]), "sample.bin");
    const ev = await settle(() =>
      api.addEvidenceApi(
        req(`/api/incidents/${body.id}/evidence`, { ...asMember, method: "POST", body: form }),
        body.id,
        {},
      ),
    );
    expect(ev.status).toBe(201);
    expect(await ev.json()).toMatchObject({
      sha256: createHash("sha256").update("evil").digest("hex"),
      fileName: "sample.bin",
    });

    // The report leaves observables and evidence out for a viewer.
    const c = getCase(t.tenantId, body.id)!;
    expect(caseMarkdown(t.tenantId, c, "owner")).toContain("## Evidence");
    const viewerMd = await settle(() =>
      markdownExport(req(`/incident-response/${body.id}/markdown`, asViewer), body.id),
    );
    const text = await viewerMd.text();
    expect(text).toContain(`# ${c.reference}: API case`);
    expect(text).not.toContain("evil.example");
    expect(text).not.toContain("## Evidence");
  });

  it("refuses a member's status change through the case form", async () => {
    const t = await business();
    const member = await colleague(t.tenantId, t.user.id, "member");
    const c = createCase(t.tenantId, { title: "Form", severity: "low" }, { userId: t.user.id }, NOW);
    const body = new URLSearchParams({ intent: "status", status: "investigating" });
    const res = await settle(() =>
      caseAction(
        req(`/incident-response/${c.id}`, {
          cookie: member.cookie,
          tenantId: t.tenantId,
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body,
        }),
        c.id,
        {},
      ),
    );
    expect(res.status).toBe(403);
    expect(getCase(t.tenantId, c.id)!.status).toBe("open");
  });
});

describe("opening from /alerts and the periodic check", () => {
  const form = (path: string, cookie: string, fields: [string, string][]) =>
    req(path, {
      cookie,
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });

  it("opens a case from the selected alerts with the highest severity and a playbook", async () => {
    const t = await business();
    const low = raiseAlert({ tenantId: t.tenantId, source: "breach", severity: "low", title: "Old password" })!;
    const crit = raiseAlert({ tenantId: t.tenantId, source: "phishing", severity: "critical", title: "CEO fraud" })!;
    const res = await settle(() =>
      incidentsAction(
        form("/incident-response", t.cookie, [
          ["intent", "from-alerts"],
          ["template", "account-compromise"],
          ["alertId", low],
          ["alertId", crit],
        ]),
        {},
      ),
    );
    expect(res.status).toBe(302);
    const id = res.headers.get("Location")!.match(/incident-response\/([0-9a-f-]{36})/)![1];
    const c = getCase(t.tenantId, id)!;
    expect(c).toMatchObject({
      title: "Old password and 1 more",
      severity: "critical",
      source: "alerts",
      template: "account-compromise",
    });
    expect(c.tasks.length).toBeGreaterThan(0);
    expect(listAlerts(t.tenantId).every((a) => a.status === "acknowledged")).toBe(true);

    const none = await settle(() =>
      incidentsAction(form("/incident-response", t.cookie, [["intent", "from-alerts"]]), {}),
    );
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ errors: { alertIds: "Select at least one alert" } });
  });

  it("registers a recurring SLA job on the runner that checks every tenant", async () => {
    const t = await business();
    createCase(t.tenantId, { title: "Late", severity: "critical" }, t.actor, NOW);
    const handlers = new Map<string, () => unknown>();
    const scheduled: { kind: string; intervalMs: number }[] = [];
    registerIncidentJobs(
      {
        registerJobHandler: (kind, handler) => void handlers.set(kind, handler),
        scheduleRecurringJob: (input) => scheduled.push(input),
      },
      () => NOW + 20 * MIN,
    );
    expect(scheduled).toEqual([expect.objectContaining({ kind: INCIDENT_SLA_JOB, intervalMs: 5 * MIN })]);
    await handlers.get(INCIDENT_SLA_JOB)!();
    expect(listAlerts(t.tenantId).filter((a) => a.source === "incident-response")).toHaveLength(1);
  });
});

describe("owners and admins configure", () => {
  const post = (path: string, cookie: string, tenantId: string, fields: [string, string][]) =>
    req(path, {
      cookie,
      tenantId,
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });

  it("lets admins edit templates but not members, and only owners set SLA targets", async () => {
    const t = await business();
    const admin = await colleague(t.tenantId, t.user.id, "admin");
    const member = await colleague(t.tenantId, t.user.id, "member");
    const tpl: [string, string][] = [
      ["intent", "save"],
      ["key", "phishing"],
      ["name", "Phishing (short)"],
      ["tasks", "1 | Detection and analysis | Pull the message\n4 | Containment, eradication and recovery | Purge it"],
    ];
    const byMember = await settle(() =>
      templatesAction(post("/incident-response/templates", member.cookie, t.tenantId, tpl), {}),
    );
    expect(byMember.status).toBe(403);
    const byAdmin = await settle(() =>
      templatesAction(post("/incident-response/templates", admin.cookie, t.tenantId, tpl), {}),
    );
    expect(byAdmin.status).toBe(200);
    expect(listTemplates(t.tenantId).find((x) => x.key === "phishing")).toMatchObject({
      name: "Phishing (short)",
      tasks: [
        { dueHours: 1, phase: "Detection and analysis", title: "Pull the message" },
        { dueHours: 4, phase: "Containment, eradication and recovery", title: "Purge it" },
      ],
    });
    const badLine = await settle(() =>
      templatesAction(
        post("/incident-response/templates", admin.cookie, t.tenantId, [...tpl.slice(0, 3), ["tasks", "soon | x | y"]]),
        {},
      ),
    );
    expect(badLine.status).toBe(400);
    expect(((await badLine.json()) as { errors: { tasks: string } }).errors.tasks).toMatch(/^Line 1: /);

    const sla: [string, string][] = [
      ["intent", "sla"],
      ["severity", "high"],
      ["ackMinutes", "30"],
      ["containMinutes", "120"],
      ["resolveMinutes", "600"],
    ];
    expect(
      (await settle(() => incidentsAction(post("/incident-response", admin.cookie, t.tenantId, sla), {}))).status,
    ).toBe(403);
    expect(
      (await settle(() => incidentsAction(post("/incident-response", t.cookie, t.tenantId, sla), {}))).status,
    ).toBe(200);
    const shrinking = await settle(() =>
      incidentsAction(
        post("/incident-response", t.cookie, t.tenantId, [...sla.slice(0, 2), ["ackMinutes", "300"], ...sla.slice(3)]),
        {},
      ),
    );
    expect(shrinking.status).toBe(400);
  });
});
