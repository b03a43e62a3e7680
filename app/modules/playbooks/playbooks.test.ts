import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, afterAll, afterEach, describe, expect, it } from "vitest";
import { alerts, incidents, jobs, memberships, notificationOutbox } from "@db/schema";
import { playbookRuns } from "./schema";
import { db } from "~/lib/db.server";
import { registerJobHandler, runDueJobs, setJobClock, JOB_LEASE_MS } from "~/lib/jobs.server";
import { createChannel } from "~/modules/alerts";
import { listAuditForTenant } from "~/modules/audit";
import { fromJsonValue, storeEvents } from "~/modules/events";
import { setTenantPlan } from "~/modules/tenants";
import { action as rulesAction } from "~/routes/api.detection.rules";
import { action as playbooksPost, loader as playbooksGet } from "~/routes/api.playbooks";
import { loader as runsGet } from "~/routes/api.playbooks.$id.runs";
import { action as siemAction, loader as siemLoader } from "~/routes/_app.siem-soar";
import { jsonReq, req, settle, signedInUser } from "../../../tests/unit/helpers";
import { sysmonProcess } from "../detection/sigma/fixtures/windows-events";
import { eventIndicators, registerPlaybookJobs, triggers, PLAYBOOK_RUN_JOB, type RunView } from "./index";
import { subscribeReactions } from "~/modules/registry.server";

// Stored events reach detection (and detections reach playbooks) as in the server: through the module registry.
let unsubscribe: () => void = () => {};
beforeAll(() => {
  unsubscribe = subscribeReactions();
});
afterAll(() => unsubscribe());

const rule = (title: string, image: string, level: string, tags: string[] = []) => `title: ${title}
logsource:
  category: process_creation
  product: windows
detection:
  selection:
    Image|endswith: '\\${image}'
  condition: selection
level: ${level}
${tags.length ? `tags:\n${tags.map((t) => `  - ${t}`).join("\n")}\n` : ""}`;

async function business() {
  const u = await signedInUser();
  setTenantPlan(u.tenantId, "business");
  return u;
}

async function addRule(cookie: string, yaml: string): Promise<string> {
  const res = await settle(() =>
    rulesAction({ request: jsonReq("/api/detection/rules", { yaml }, { cookie }), params: {}, context: {} }),
  );
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

async function ingest(tenantId: string, raw: unknown[]) {
  const now = Date.now();
  return storeEvents(
    tenantId,
    raw.map((r) => {
      const e = fromJsonValue(r, JSON.stringify(r), now);
      if (typeof e === "string") throw new Error(e);
      return e;
    }),
  );
}

function post(cookie: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return settle(() =>
    siemAction({ request: req("/siem-soar", { method: "POST", cookie, body: form }), params: {}, context: {} }),
  );
}

async function page(cookie: string) {
  const res = await settle(() => siemLoader({ request: req("/siem-soar", { cookie }), params: {}, context: {} }));
  expect(res.status).toBe(200);
  return (await res.json()).playbooks as {
    playbooks: { id: string; name: string; enabled: boolean }[];
    runs: RunView[];
    indicators: { kind: string; value: string }[];
  };
}

const whoami = () =>
  sysmonProcess("C:\\Windows\\System32\\whoami.exe", "whoami /all", "C:\\Windows\\System32\\cmd.exe", {
    SourceIp: undefined,
  });

afterEach(() => setJobClock());

describe("playbook triggers", () => {
  const d = {
    id: "d",
    ruleId: "r1",
    ruleTitle: "R",
    level: "high",
    eventId: "e",
    eventTime: 0,
    host: "h",
    tags: ["attack.discovery", "attack.t1033"],
  };
  it("fire on the rule, the tag (any case) and a level at or above the threshold only", () => {
    expect(triggers({ triggerType: "rule", triggerValue: "r1" }, d)).toBe(true);
    expect(triggers({ triggerType: "rule", triggerValue: "r2" }, d)).toBe(false);
    expect(triggers({ triggerType: "tag", triggerValue: "attack.t1033" }, d)).toBe(true);
    expect(triggers({ triggerType: "tag", triggerValue: "ATTACK.T1033" }, d)).toBe(true);
    expect(triggers({ triggerType: "tag", triggerValue: "attack.t1059" }, d)).toBe(false);
    expect(triggers({ triggerType: "level", triggerValue: "medium" }, d)).toBe(true);
    expect(triggers({ triggerType: "level", triggerValue: "high" }, d)).toBe(true);
    expect(triggers({ triggerType: "level", triggerValue: "critical" }, d)).toBe(false);
    expect(triggers({ triggerType: "level", triggerValue: "low" }, { ...d, level: null })).toBe(false);
  });

  it("read the host, IP, strongest hash and user of an event", () => {
    const e = fromJsonValue(whoami(), "{}", Date.now());
    if (typeof e === "string") throw new Error(e);
    expect(eventIndicators(e)).toEqual({
      host: "WKS-042.corp.example.com",
      hash: "9F914D42706FE215501044ACD85A32D58AAEF1419D404FDDFA5D3B48F66CCD9F",
      user: "CORP\\alice",
    });
    expect(eventIndicators({ host: null, fields: { "source.ip": "203.0.113.9", Hashes: "MD5=abc" } })).toEqual({
      ip: "203.0.113.9",
      hash: "abc",
    });
  });
});

describe("playbooks on /siem-soar", () => {
  it("refuse a bad playbook with field errors, and record create, edit, disable and delete in the audit trail", async () => {
    const { cookie, tenantId } = await business();
    const bad = await post(cookie, { intent: "playbook-save", name: "", triggerType: "tag", triggerTag: "not a tag!" });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.errors).toMatchObject({
      name: "Give the playbook a name",
      trigger: "A tag is letters, digits, dots, dashes and underscores (attack.t1059)",
      steps: "Add at least one step",
    });
    const noRule = await post(cookie, {
      intent: "playbook-save",
      name: "P",
      triggerType: "rule",
      triggerRule: "not-a-rule",
      step0Type: "alert",
      step0Severity: "high",
    });
    expect((await noRule.json()).errors.trigger).toBe("Choose a rule from your library");
    const onlyApproval = await post(cookie, {
      intent: "playbook-save",
      name: "P",
      triggerType: "level",
      triggerLevel: "high",
      step0Type: "approval",
    });
    expect((await onlyApproval.json()).errors.steps).toBe("Add at least one action besides approval");

    const ok = await post(cookie, {
      intent: "playbook-save",
      name: "Discovery",
      triggerType: "tag",
      triggerTag: "Attack.T1033",
      step0Type: "alert",
      step0Severity: "medium",
      enabled: "on",
    });
    expect(ok.status).toBe(200);
    const [p] = (await page(cookie)).playbooks;
    expect(p).toMatchObject({ name: "Discovery", enabled: true, trigger: { type: "tag", value: "attack.t1033" } });
    const edited = await post(cookie, {
      intent: "playbook-save",
      id: p!.id,
      name: "Discovery v2",
      triggerType: "level",
      triggerLevel: "critical",
      step0Type: "indicator",
      step0Indicator: "user",
    });
    expect(edited.status).toBe(200);
    expect((await page(cookie)).playbooks[0]).toMatchObject({
      name: "Discovery v2",
      enabled: false,
      trigger: { type: "level", value: "critical" },
      steps: [{ type: "indicator", kind: "user" }],
    });
    await post(cookie, { intent: "playbook-enable", id: p!.id });
    expect((await page(cookie)).playbooks[0]!.enabled).toBe(true);
    await post(cookie, { intent: "playbook-delete", id: p!.id });
    expect((await page(cookie)).playbooks).toEqual([]);
    expect(
      listAuditForTenant(tenantId)
        .map((a) => a.action)
        .filter((a) => a.startsWith("playbook."))
        .reverse(),
    ).toEqual(["playbook.created", "playbook.updated", "playbook.enabled", "playbook.deleted"]);
  });

  it("run every action in order, wait for approval, and let only owners and admins approve", async () => {
    registerPlaybookJobs();
    const owner = await business();
    const ruleId = await addRule(owner.cookie, rule("Whoami", "whoami.exe", "high", ["attack.t1033"]));
    const channel = await createChannel(owner.tenantId, { type: "in_app", name: "SOC room", userIds: [] }, null);
    const created = await post(owner.cookie, {
      intent: "playbook-save",
      name: "Contain discovery",
      triggerType: "rule",
      triggerRule: ruleId,
      step0Type: "alert",
      step0Severity: "critical",
      step1Type: "indicator",
      step1Indicator: "hash",
      step2Type: "approval",
      step3Type: "incident",
      step3Severity: "high",
      step4Type: "notify",
      step4Channel: channel.id,
      step5Type: "indicator",
      step5Indicator: "ip",
      enabled: "on",
    });
    expect(created.status).toBe(200);

    await ingest(owner.tenantId, [whoami()]);
    let [run] = (await page(owner.cookie)).runs;
    expect(run).toMatchObject({ playbookName: "Contain discovery", status: "queued" });
    await runDueJobs(100);
    [run] = (await page(owner.cookie)).runs;
    expect(run!.status).toBe("awaiting_approval");
    expect(run!.steps.map((s) => s.outcome)).toEqual(["ok", "ok", "waiting", "pending", "pending", "pending"]);
    const alert = db
      .select()
      .from(alerts)
      .where(and(eq(alerts.tenantId, owner.tenantId), eq(alerts.source, "playbook")))
      .get()!;
    expect(alert).toMatchObject({
      severity: "critical",
      title: "Contain discovery: Whoami on WKS-042.corp.example.com",
    });
    expect((await page(owner.cookie)).indicators).toEqual([
      expect.objectContaining({
        kind: "hash",
        value: "9F914D42706FE215501044ACD85A32D58AAEF1419D404FDDFA5D3B48F66CCD9F",
      }),
    ]);

    // a member sees the run but may not approve it
    const member = await signedInUser();
    db.insert(memberships)
      .values({ id: randomUUID(), tenantId: owner.tenantId, userId: member.user.id, role: "member" })
      .run();
    const { createSession } = await import("~/modules/accounts/session.server");
    const memberCookie = (
      await createSession(new Request("http://localhost"), member.user.id, { selectedTenantId: owner.tenantId })
    ).split(";")[0]!;
    const memberView = (
      await settle(() => siemLoader({ request: req("/siem-soar", { cookie: memberCookie }), params: {}, context: {} }))
    ).json();
    expect((await memberView).playbooks.canApprove).toBe(false);
    const refused = await post(memberCookie, { intent: "run-approve", id: run!.id });
    expect(refused.status).toBe(403);
    expect((await page(owner.cookie)).runs[0]!.status).toBe("awaiting_approval");

    const approved = await post(owner.cookie, { intent: "run-approve", id: run!.id });
    expect(approved.status).toBe(200);
    expect((await post(owner.cookie, { intent: "run-approve", id: run!.id })).status).toBe(409);
    await runDueJobs(100);
    [run] = (await page(owner.cookie)).runs;
    expect(run!.status).toBe("completed");
    expect(run!.steps.map((s) => [s.type, s.outcome, s.message])).toEqual([
      ["alert", "ok", "Alert raised"],
      [
        "indicator",
        "ok",
        "File hash 9F914D42706FE215501044ACD85A32D58AAEF1419D404FDDFA5D3B48F66CCD9F added to the watchlist",
      ],
      ["approval", "ok", `Approved by ${owner.user.email}`],
      ["incident", "ok", expect.stringMatching(/^Incident #\d+ opened$/)],
      ["notify", "ok", "Notification queued for SOC room"],
      ["indicator", "skipped", "The event has no ip address"],
    ]);
    const cases = db.select().from(incidents).where(eq(incidents.tenantId, owner.tenantId)).all();
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({
      source: "playbook",
      severity: "high",
      title: "Whoami on WKS-042.corp.example.com",
    });
    const outbox = db.select().from(notificationOutbox).where(eq(notificationOutbox.channelId, channel.id)).all();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.alertId).toBe(alert.id);
    expect(listAuditForTenant(owner.tenantId).map((a) => a.action)).toContain("playbook.run_approved");

    // one run per playbook, rule and host within the hour
    await ingest(owner.tenantId, [whoami()]);
    expect((await page(owner.cookie)).runs).toHaveLength(1);
  });

  it("start runs for tag and level triggers, not for others, and skip every step left when a run is rejected", async () => {
    registerPlaybookJobs();
    const { cookie, tenantId } = await business();
    await addRule(cookie, rule("Whoami", "whoami.exe", "high", ["attack.t1033"]));
    const save = (name: string, trigger: Record<string, string>, extra: Record<string, string> = {}) =>
      post(cookie, {
        intent: "playbook-save",
        name,
        enabled: "on",
        step0Type: "alert",
        step0Severity: "low",
        ...trigger,
        ...extra,
      });
    await save(
      "By tag",
      { triggerType: "tag", triggerTag: "attack.t1033" },
      { step0Type: "approval", step1Type: "alert", step1Severity: "low" },
    );
    await save("By level", { triggerType: "level", triggerLevel: "medium" });
    await save("Critical only", { triggerType: "level", triggerLevel: "critical" });
    await save("Other tag", { triggerType: "tag", triggerTag: "attack.t1059" });
    await ingest(tenantId, [whoami()]);
    await runDueJobs(100);
    const runs = (await page(cookie)).runs;
    expect(runs.map((r) => r.playbookName).sort()).toEqual(["By level", "By tag"]);
    expect(runs.find((r) => r.playbookName === "By level")!.status).toBe("completed");
    const waiting = runs.find((r) => r.playbookName === "By tag")!;
    expect(waiting.status).toBe("awaiting_approval");
    const rejected = await post(cookie, { intent: "run-reject", id: waiting.id });
    expect(rejected.status).toBe(200);
    await runDueJobs(100);
    const after = (await page(cookie)).runs.find((r) => r.id === waiting.id)!;
    expect(after.status).toBe("rejected");
    expect(after.steps.map((s) => s.outcome)).toEqual(["failed", "skipped"]);
    expect(after.steps[1]!.message).toBe("The run was rejected");

    // deleting a playbook keeps its runs on record
    const byLevel = (await page(cookie)).playbooks.find((p) => p.name === "By level")!;
    expect((await post(cookie, { intent: "playbook-delete", id: byLevel.id })).status).toBe(200);
    const kept = (await page(cookie)).runs.find((r) => r.playbookName === "By level")!;
    expect(kept).toMatchObject({ status: "completed", playbookId: null });
  });

  it("resume a run after a restart: the job's lease expires and the run goes on at its next step", async () => {
    const { cookie, tenantId } = await business();
    await addRule(cookie, rule("Whoami", "whoami.exe", "high"));
    await post(cookie, {
      intent: "playbook-save",
      name: "Two alerts",
      enabled: "on",
      triggerType: "level",
      triggerLevel: "high",
      step0Type: "alert",
      step0Severity: "low",
      step1Type: "alert",
      step1Severity: "medium",
    });
    // A worker that writes the first step and then dies (its promise never settles, its lease stays).
    registerJobHandler(PLAYBOOK_RUN_JOB, async (job) => {
      const runId = (job.payload as { runId: string }).runId;
      const run = db.select().from(playbookRuns).where(eq(playbookRuns.id, runId)).get()!;
      const steps = run.steps as Record<string, unknown>[];
      steps[0] = { ...steps[0], outcome: "ok", message: "done before the crash", at: Date.now() };
      db.update(playbookRuns).set({ status: "running", steps }).where(eq(playbookRuns.id, runId)).run();
      await new Promise(() => {});
    });
    await ingest(tenantId, [whoami()]);
    void runDueJobs(1);
    await new Promise((r) => setTimeout(r, 20));
    const [run] = (await page(cookie)).runs;
    expect(run!.status).toBe("running");
    const job = db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `playbook-run:${run!.id}`))
      .get()!;
    expect(job.status).toBe("running");

    // the process restarts: handlers registered again, the lease has passed
    registerPlaybookJobs();
    setJobClock(() => Date.now() + JOB_LEASE_MS + 1000);
    await runDueJobs(100);
    const [resumed] = (await page(cookie)).runs;
    expect(resumed!.status).toBe("completed");
    expect(resumed!.steps.map((s) => [s.outcome, s.message])).toEqual([
      ["ok", "done before the crash"],
      ["ok", "Alert raised"],
    ]);
    // only the second step raised an alert
    expect(
      db
        .select()
        .from(alerts)
        .where(and(eq(alerts.tenantId, tenantId), eq(alerts.source, "playbook")))
        .all(),
    ).toHaveLength(1);
  });
});

describe("/api/playbooks", () => {
  it("lists and creates playbooks, answers 400 VALIDATION_ERROR on bad input, and lists a playbook's runs", async () => {
    const { cookie } = await business();
    const other = await business();
    const bad = await settle(() =>
      playbooksPost({
        request: jsonReq(
          "/api/playbooks",
          { name: "x", trigger: { type: "level", value: "extreme" }, steps: [] },
          { cookie },
        ),
        params: {},
        context: {},
      }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: expect.stringMatching(/^trigger: /), code: "VALIDATION_ERROR" });
    const notJson = await settle(() =>
      playbooksPost({ request: jsonReq("/api/playbooks", [1], { cookie }), params: {}, context: {} }),
    );
    expect(notJson.status).toBe(400);
    const res = await settle(() =>
      playbooksPost({
        request: jsonReq(
          "/api/playbooks",
          { name: "API", trigger: { type: "level", value: "high" }, steps: [{ type: "alert", severity: "high" }] },
          { cookie },
        ),
        params: {},
        context: {},
      }),
    );
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({
      id: expect.any(String),
      name: "API",
      enabled: true,
      trigger: { type: "level", value: "high" },
      steps: [{ type: "alert", severity: "high" }],
    });
    const list = await (
      await settle(() => playbooksGet({ request: req("/api/playbooks", { cookie }), params: {}, context: {} }))
    ).json();
    expect(list.playbooks.map((p: { id: string }) => p.id)).toEqual([created.id]);
    const runs = await settle(() =>
      runsGet({
        request: req(`/api/playbooks/${created.id}/runs`, { cookie }),
        params: { id: created.id },
        context: {},
      }),
    );
    expect(await runs.json()).toEqual({ runs: [] });
    const badLimit = await settle(() =>
      runsGet({
        request: req(`/api/playbooks/${created.id}/runs?limit=0`, { cookie }),
        params: { id: created.id },
        context: {},
      }),
    );
    expect(badLimit.status).toBe(400);
    const foreign = await settle(() =>
      runsGet({
        request: req(`/api/playbooks/${created.id}/runs`, { cookie: other.cookie }),
        params: { id: created.id },
        context: {},
      }),
    );
    expect(foreign.status).toBe(404);
  });
});
