// Requests against this file's real SQLite database: status transitions, the checklist gate, extensions and
// their limits, the append-only history, deadline alerts (deduplicated), the on-time figures, tenant isolation.
import { describe, expect, it } from "vitest";
import { sqlite } from "~/lib/db.server";
import { listAlerts } from "~/modules/alerts";
import { createInvitation, acceptInvitation } from "~/modules/tenants";
import { setTenantTimeZone } from "~/modules/tenants";
import { setTenantPlan } from "~/modules/tenants";
import { signedInUser } from "../../../tests/unit/helpers";
import { addSystem, removeSystem } from "./data-map.server";
import { checkPrivacyDeadlines, privacyStats } from "./deadlines.server";
import {
  createRequest,
  getRequest,
  listHistory,
  listRequests,
  PrivacyError,
  savePrivacySettings,
  updateRequest,
  type NewRequest,
} from "./requests.server";

const DAY = 86_400_000;
/** 2026-03-10 12:00 UTC, a fixed clock. */
const NOW = Date.UTC(2026, 2, 10, 12);

async function tenant() {
  const u = await signedInUser();
  return { ...u, actor: { userId: u.user.id, label: u.user.email } };
}

const base = (over: Partial<NewRequest> = {}): NewRequest => ({
  type: "access",
  jurisdiction: "gdpr",
  subjectName: "Ada Lovelace",
  subjectEmail: "ada@example.com",
  channel: "email",
  ...over,
});

function system(tenantId: string, name: string, types: ("access" | "deletion")[] = ["access", "deletion"]) {
  return addSystem(tenantId, {
    name,
    owner: "IT",
    dataCategories: ["name", "e-mail"],
    location: "EU",
    retention: "2 years",
    requestTypes: types,
  });
}

function refused(fn: () => unknown): PrivacyError {
  try {
    fn();
  } catch (error) {
    if (error instanceof PrivacyError) return error;
    throw error;
  }
  throw new Error("expected a PrivacyError");
}

describe("logging a request", () => {
  it("computes the due date, numbers the reference, and makes one task per system in scope", async () => {
    const t = await tenant();
    system(t.tenantId, "CRM");
    system(t.tenantId, "Mailing list", ["deletion"]);
    const r = createRequest(t.tenantId, base({ requestedAt: "2026-01-31" }), t.actor, NOW);
    expect(r).toMatchObject({
      reference: "DSR-00001",
      status: "pending",
      requestedAt: "2026-01-31",
      dueDate: "2026-02-28",
      originalDueDate: "2026-02-28",
      completedAt: null,
      daysRemaining: -10,
      extensionsLeft: 1,
    });
    expect(r.tasks.map((x) => x.system)).toEqual(["CRM"]);
    const d = createRequest(t.tenantId, base({ type: "deletion", jurisdiction: "ccpa" }), t.actor, NOW);
    expect(d.reference).toBe("DSR-00002");
    expect(d.requestedAt).toBe("2026-03-10");
    expect(d.dueDate).toBe("2026-04-24");
    expect(d.tasks.map((x) => x.system)).toEqual(["CRM", "Mailing list"]);
  });

  it("defaults to today in the tenant's time zone and refuses a future date", async () => {
    const t = await tenant();
    setTenantTimeZone(t.tenantId, "Pacific/Kiritimati"); // UTC+14: already 11 March there
    const r = createRequest(t.tenantId, base(), t.actor, NOW);
    expect(r.requestedAt).toBe("2026-03-11");
    expect(r.dueDate).toBe("2026-04-11");
    const e = refused(() => createRequest(t.tenantId, base({ requestedAt: "2026-03-12" }), t.actor, NOW));
    expect(e.field).toBe("requestedAt");
  });

  it("keeps the custom policy it was logged under", async () => {
    const t = await tenant();
    savePrivacySettings(t.tenantId, {
      intakeEnabled: false,
      intakeJurisdiction: "gdpr",
      customDays: 10,
      customExtensionDays: 5,
    });
    const r = createRequest(t.tenantId, base({ jurisdiction: "custom", requestedAt: "2026-03-01" }), t.actor, NOW);
    expect(r.dueDate).toBe("2026-03-11");
    savePrivacySettings(t.tenantId, {
      intakeEnabled: false,
      intakeJurisdiction: "gdpr",
      customDays: 60,
      customExtensionDays: 0,
    });
    const ext = updateRequest(
      t.tenantId,
      r.id,
      { extension: { reason: "Large archive", notifiedAt: "2026-03-05" } },
      t.actor,
      NOW,
    );
    expect(ext?.dueDate).toBe("2026-03-16");
  });
});

describe("status transitions", () => {
  it("goes pending -> verifying -> in-progress (method recorded) -> completed, with history", async () => {
    const t = await tenant();
    const r = createRequest(t.tenantId, base(), t.actor, NOW);
    expect(updateRequest(t.tenantId, r.id, { status: "verifying" }, t.actor, NOW)?.status).toBe("verifying");
    const noMethod = refused(() => updateRequest(t.tenantId, r.id, { status: "in-progress" }, t.actor, NOW));
    expect(noMethod.field).toBe("method");
    const working = updateRequest(
      t.tenantId,
      r.id,
      { status: "in-progress", method: "id-document" },
      t.actor,
      NOW + DAY,
    );
    expect(working?.verification).toEqual({ method: "id-document", verifiedAt: new Date(NOW + DAY).toISOString() });
    // The clock kept running while verifying: the due date did not move.
    expect(working?.dueDate).toBe(r.dueDate);
    const done = updateRequest(t.tenantId, r.id, { status: "completed" }, t.actor, NOW + 2 * DAY);
    expect(done).toMatchObject({ status: "completed", daysRemaining: null, answeredOnTime: true });
    expect(done?.completedAt).toBe(new Date(NOW + 2 * DAY).toISOString());
    const history = listHistory(t.tenantId, r.id);
    expect(history.map((h) => [h.action, h.detail.to ?? null])).toEqual([
      ["created", null],
      ["status", "verifying"],
      ["status", "in-progress"],
      ["status", "completed"],
    ]);
    expect(history[2].detail.method).toBe("id-document");
    expect(history.every((h) => h.by === t.user.email)).toBe(true);
  });

  it("refuses skipped steps and moves out of a closed state", async () => {
    const t = await tenant();
    const r = createRequest(t.tenantId, base(), t.actor, NOW);
    expect(refused(() => updateRequest(t.tenantId, r.id, { status: "completed" }, t.actor, NOW)).message).toBe(
      "A request cannot go from pending to completed (only to verifying or rejected)",
    );
    expect(() =>
      updateRequest(t.tenantId, r.id, { status: "in-progress", method: "id-document" }, t.actor, NOW),
    ).toThrow(PrivacyError);
    const noReason = refused(() => updateRequest(t.tenantId, r.id, { status: "rejected" }, t.actor, NOW));
    expect(noReason.field).toBe("reason");
    const rejected = updateRequest(
      t.tenantId,
      r.id,
      { status: "rejected", reason: "Identity could not be verified" },
      t.actor,
      NOW,
    );
    expect(rejected).toMatchObject({ status: "rejected", rejectionReason: "Identity could not be verified" });
    expect(refused(() => updateRequest(t.tenantId, r.id, { status: "verifying" }, t.actor, NOW)).message).toBe(
      "The request is already rejected; it cannot move to verifying",
    );
    // A refused change leaves nothing behind.
    expect(listHistory(t.tenantId, r.id).map((h) => h.action)).toEqual(["created", "status"]);
  });
});

describe("the checklist gate", () => {
  it("cannot complete while a task is open; ticking the last task and completing in one change works", async () => {
    const t = await tenant();
    system(t.tenantId, "CRM");
    system(t.tenantId, "Support desk");
    const r = createRequest(t.tenantId, base(), t.actor, NOW);
    updateRequest(t.tenantId, r.id, { status: "verifying" }, t.actor, NOW);
    updateRequest(t.tenantId, r.id, { status: "in-progress", method: "email-confirmation" }, t.actor, NOW);
    const [crm, desk] = r.tasks;
    updateRequest(t.tenantId, r.id, { tasks: [{ id: crm.id, status: "done" }] }, t.actor, NOW);
    const gate = refused(() => updateRequest(t.tenantId, r.id, { status: "completed" }, t.actor, NOW));
    expect(gate.message).toBe("Finish the checklist first: 1 task open (Support desk)");
    expect(getRequest(t.tenantId, r.id, NOW)?.status).toBe("in-progress");
    // Removing a system from the map does not remove its open task.
    removeSystem(t.tenantId, desk.systemId!);
    expect(() => updateRequest(t.tenantId, r.id, { status: "completed" }, t.actor, NOW)).toThrow(/1 task open/);
    const done = updateRequest(
      t.tenantId,
      r.id,
      { tasks: [{ id: desk.id, status: "done" }], status: "completed" },
      t.actor,
      NOW,
    );
    expect(done?.status).toBe("completed");
    expect(done?.tasks.every((x) => x.status === "done")).toBe(true);
    expect(() => updateRequest(t.tenantId, r.id, { tasks: [{ id: desk.id, status: "open" }] }, t.actor, NOW)).toThrow(
      /checklist is closed/,
    );
  });

  it("refuses a task of another request", async () => {
    const t = await tenant();
    system(t.tenantId, "CRM");
    const a = createRequest(t.tenantId, base(), t.actor, NOW);
    const b = createRequest(t.tenantId, base(), t.actor, NOW);
    expect(() =>
      updateRequest(t.tenantId, b.id, { tasks: [{ id: a.tasks[0].id, status: "done" }] }, t.actor, NOW),
    ).toThrow(/No such checklist task/);
  });
});

describe("extensions", () => {
  it("records reason and notice date, moves the due date, and stops at the law's limit", async () => {
    const t = await tenant();
    const r = createRequest(t.tenantId, base({ requestedAt: "2026-01-31" }), t.actor, Date.UTC(2026, 1, 10));
    const ext = updateRequest(
      t.tenantId,
      r.id,
      { extension: { reason: "Complex: 12 systems", notifiedAt: "2026-02-10" } },
      t.actor,
      Date.UTC(2026, 1, 10),
    );
    expect(ext).toMatchObject({ dueDate: "2026-04-30", originalDueDate: "2026-02-28", extensionsLeft: 0 });
    expect(ext?.extensions).toEqual([
      expect.objectContaining({
        reason: "Complex: 12 systems",
        notifiedAt: "2026-02-10",
        previousDueDate: "2026-02-28",
        newDueDate: "2026-04-30",
      }),
    ]);
    expect(() =>
      updateRequest(
        t.tenantId,
        r.id,
        { extension: { reason: "again", notifiedAt: "2026-02-11" } },
        t.actor,
        Date.UTC(2026, 1, 12),
      ),
    ).toThrow("GDPR allows one extension, already used.");
    expect(listHistory(t.tenantId, r.id).find((h) => h.action === "extended")?.detail).toMatchObject({
      previousDueDate: "2026-02-28",
      newDueDate: "2026-04-30",
      notifiedAt: "2026-02-10",
    });
  });

  it("refuses LGPD extensions and notice given after the period ended", async () => {
    const t = await tenant();
    const lgpd = createRequest(t.tenantId, base({ jurisdiction: "lgpd", requestedAt: "2026-03-01" }), t.actor, NOW);
    expect(() =>
      updateRequest(t.tenantId, lgpd.id, { extension: { reason: "x", notifiedAt: "2026-03-05" } }, t.actor, NOW),
    ).toThrow("LGPD does not allow extending the deadline.");
    const ccpa = createRequest(t.tenantId, base({ jurisdiction: "ccpa", requestedAt: "2026-01-01" }), t.actor, NOW);
    expect(ccpa.dueDate).toBe("2026-02-15");
    expect(() =>
      updateRequest(t.tenantId, ccpa.id, { extension: { reason: "x", notifiedAt: "2026-02-20" } }, t.actor, NOW),
    ).toThrow(/within the current period/);
  });
});

describe("append-only history", () => {
  it("the database refuses to rewrite an entry", async () => {
    const t = await tenant();
    const r = createRequest(t.tenantId, base(), t.actor, NOW);
    expect(() =>
      sqlite().prepare("UPDATE privacy_events SET action = 'forged' WHERE request_id = ?").run(r.id),
    ).toThrow(/append-only/);
    expect(listHistory(t.tenantId, r.id)[0].action).toBe("created");
  });
});

describe("assignee and notes", () => {
  it("assigns members only, and records both on the history", async () => {
    const t = await tenant();
    const colleague = await signedInUser();
    setTenantPlan(colleague.tenantId, "pro"); // room for a second organization
    acceptInvitation(createInvitation(t.tenantId, "member", t.user.id).token, colleague.user.id);
    const stranger = await signedInUser();
    const r = createRequest(t.tenantId, base(), t.actor, NOW);
    expect(() => updateRequest(t.tenantId, r.id, { assigneeId: stranger.user.id }, t.actor, NOW)).toThrow(
      "The assignee must be a member of this organization",
    );
    const assigned = updateRequest(
      t.tenantId,
      r.id,
      { assigneeId: colleague.user.id, notes: "Called back" },
      t.actor,
      NOW,
    );
    expect(assigned?.assignee).toEqual({ id: colleague.user.id, email: colleague.user.email });
    expect(assigned?.notes).toBe("Called back");
    expect(listHistory(t.tenantId, r.id).map((h) => h.action)).toEqual(["created", "assigned", "notes"]);
  });
});

describe("deadline alerts", () => {
  it("alerts once per request and state; closing resolves the alert", async () => {
    const t = await tenant();
    // Received 2026-02-12: due 2026-03-12, 2 days after NOW.
    const soon = createRequest(t.tenantId, base({ requestedAt: "2026-02-12" }), t.actor, NOW);
    // Received 2026-02-01: due 2026-03-01, overdue.
    const late = createRequest(t.tenantId, base({ requestedAt: "2026-02-01" }), t.actor, NOW);
    // Due 2026-04-10: on track.
    createRequest(t.tenantId, base({ requestedAt: "2026-03-10" }), t.actor, NOW);

    expect(checkPrivacyDeadlines(t.tenantId, NOW)).toEqual({ dueSoon: 1, overdue: 1, raised: 2, resolved: 0 });
    expect(checkPrivacyDeadlines(t.tenantId, NOW)).toMatchObject({ raised: 0 });
    const alerts = listAlerts(t.tenantId).filter((a) => a.source === "privacy");
    expect(alerts.map((a) => [a.title, a.severity]).sort()).toEqual([
      ["Privacy request DSR-00001 is due in 2 days", "medium"],
      ["Privacy request DSR-00002 is overdue", "high"],
    ]);

    // Three days later the first is overdue too: a new state, a new alert; its due-soon alert is resolved.
    const later = NOW + 3 * DAY;
    expect(checkPrivacyDeadlines(t.tenantId, later)).toMatchObject({ overdue: 2, raised: 1, resolved: 1 });

    updateRequest(t.tenantId, late.id, { status: "rejected", reason: "Manifestly unfounded" }, t.actor, later);
    expect(checkPrivacyDeadlines(t.tenantId, later)).toMatchObject({ overdue: 1, raised: 0, resolved: 1 });
    const active = listAlerts(t.tenantId).filter((a) => a.source === "privacy" && a.status === "active");
    expect(active.map((a) => a.title)).toEqual([`Privacy request ${soon.reference} is overdue`]);
  });
});

describe("on-time figures", () => {
  it("counts requests per month and the share answered by the due date", async () => {
    const t = await tenant();
    const a = createRequest(t.tenantId, base({ requestedAt: "2026-01-05" }), t.actor, NOW); // due 02-05
    const b = createRequest(t.tenantId, base({ requestedAt: "2026-01-20" }), t.actor, NOW); // due 02-20
    createRequest(t.tenantId, base({ requestedAt: "2026-02-01" }), t.actor, NOW); // due 03-01, open: late
    createRequest(t.tenantId, base({ requestedAt: "2026-03-09" }), t.actor, NOW); // due 04-09, open: not known yet
    updateRequest(t.tenantId, a.id, { status: "rejected", reason: "Duplicate" }, t.actor, Date.UTC(2026, 1, 1));
    updateRequest(t.tenantId, b.id, { status: "rejected", reason: "Duplicate" }, t.actor, Date.UTC(2026, 1, 25));
    const s = privacyStats(t.tenantId, NOW);
    expect(s).toMatchObject({ total: 4, decided: 3, onTime: 1, onTimeShare: 33 });
    const m = Object.fromEntries(s.months.map((x) => [x.month, x]));
    expect(m["2026-01"].received).toBe(2);
    expect(m["2026-02"]).toMatchObject({ received: 1, decided: 2, onTime: 1, onTimeShare: 50 });
    expect(m["2026-03"]).toMatchObject({ received: 1, decided: 1, onTime: 0, onTimeShare: 0 });
    expect(s.months).toHaveLength(12);
    expect(s.months.at(-1)?.label).toBe("Mar 2026");
  });
});

describe("tenant isolation", () => {
  it("another tenant's request is not found, listed, changed or alerted", async () => {
    const a = await tenant();
    const b = await tenant();
    const r = createRequest(a.tenantId, base({ requestedAt: "2026-02-01" }), a.actor, NOW);
    expect(getRequest(b.tenantId, r.id, NOW)).toBeNull();
    expect(listRequests(b.tenantId, {}, NOW)).toEqual([]);
    expect(updateRequest(b.tenantId, r.id, { status: "verifying" }, b.actor, NOW)).toBeNull();
    expect(listHistory(b.tenantId, r.id)).toEqual([]);
    checkPrivacyDeadlines(b.tenantId, NOW);
    expect(listAlerts(b.tenantId).filter((x) => x.source === "privacy")).toEqual([]);
    expect(getRequest(a.tenantId, r.id, NOW)?.status).toBe("pending");
    // References are numbered per tenant.
    expect(createRequest(b.tenantId, base(), b.actor, NOW).reference).toBe("DSR-00001");
  });
});

describe("the periodic job", () => {
  it("registers an hourly check of every organization's deadlines", async () => {
    const { registerPrivacyJobs, PRIVACY_DEADLINES_JOB } = await import("./jobs.server");
    const handlers = new Map<string, () => unknown>();
    const scheduled: { kind: string; key: string; intervalMs: number }[] = [];
    registerPrivacyJobs({
      registerJobHandler: (kind, handler) => handlers.set(kind, handler),
      scheduleRecurringJob: (input) => scheduled.push(input),
    });
    expect(scheduled).toEqual([
      expect.objectContaining({ kind: PRIVACY_DEADLINES_JOB, key: PRIVACY_DEADLINES_JOB, intervalMs: 3_600_000 }),
    ]);
    const t = await tenant();
    const r = createRequest(t.tenantId, base({ requestedAt: "2020-01-01" }), t.actor);
    await handlers.get(PRIVACY_DEADLINES_JOB)!();
    expect(listAlerts(t.tenantId).map((a) => a.title)).toContain(`Privacy request ${r.reference} is overdue`);
  });
});
