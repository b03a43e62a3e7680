/**
 * Playbook runs: started from the detection path (detection's "detections.created", after each batch of new
 * detections is stored, wired in app/modules/registry.server.ts), executed step by step by the durable job runner (app/lib/jobs.server.ts, kind PLAYBOOK_RUN_JOB).
 *
 * Each step's outcome is written as soon as it is known, so a run whose process stopped is claimed again by the job
 * runner (its lease expires) and continues at its first pending step. An approval step parks the run as
 * `awaiting_approval` (the job ends); approving re-queues it, rejecting skips the remaining steps.
 *
 * One run per playbook, rule, host and hour (the dedupe key): a burst of matches does not start a burst of runs.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { playbookRuns } from "./schema";
import { db } from "~/lib/db.server";
import { enqueueJob, registerJobHandler } from "~/lib/jobs.server";
import type { Role } from "~/lib/permissions";
import { getChannel, enqueueNotification, raiseAlertDetailed } from "~/modules/alerts";
import { audit } from "~/modules/audit";
import type { DetectionRecord, DetectionsCreatedPayload } from "~/modules/detection";
import type { StoredEvent } from "~/modules/events";
import { createCase, IncidentError } from "~/modules/incidents";
import { can } from "~/modules/permissions";
import { PLAYBOOK_PERMISSION_MESSAGE } from "./permissions";
import {
  addIndicator,
  enabledPlaybooks,
  getRun,
  type PlaybookRow,
  type RunRow,
  type RunTrigger,
} from "./playbooks.server";
import {
  INDICATOR_LABEL,
  levelRank,
  type IndicatorKind,
  type PlaybookStep,
  type RunStatus,
  type RunStep,
} from "./types";

export const PLAYBOOK_RUN_JOB = "playbooks.run";
const HOUR_MS = 3_600_000;

export class PlaybookError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409 = 400,
  ) {
    super(message);
  }
}

/** Does a playbook's trigger fire on this detection? */
export function triggers(p: Pick<PlaybookRow, "triggerType" | "triggerValue">, d: DetectionRecord): boolean {
  switch (p.triggerType) {
    case "rule":
      return d.ruleId === p.triggerValue;
    case "tag": {
      const tag = p.triggerValue.toLowerCase();
      return d.tags.some((t) => t.toLowerCase() === tag);
    }
    case "level": {
      const rank = levelRank(d.level);
      return rank >= 0 && rank >= levelRank(p.triggerValue);
    }
  }
}

// Field names that carry each kind of indicator, in the order they are tried (Sysmon / Security / ECS / common JSON).
const INDICATOR_FIELDS: Record<Exclude<IndicatorKind, "host">, string[]> = {
  ip: [
    "SourceIp",
    "DestinationIp",
    "IpAddress",
    "src_ip",
    "source.ip",
    "client.ip",
    "dest_ip",
    "destination.ip",
    "ip",
    "src",
  ],
  hash: ["Hashes", "Hash", "sha256", "SHA256", "file.hash.sha256", "md5", "MD5", "sha1", "SHA1", "hash"],
  user: ["User", "TargetUserName", "SubjectUserName", "user.name", "user", "username", "AccountName"],
};

/** Sysmon writes `Hashes` as `SHA1=...,MD5=...,SHA256=...,IMPHASH=...`: the strongest one is the indicator. */
function pickHash(value: string): string {
  if (!value.includes("=")) return value;
  const parts = new Map(
    value.split(",").map((p) => {
      const [k, v] = p.split("=");
      return [(k ?? "").trim().toUpperCase(), (v ?? "").trim()] as const;
    }),
  );
  return parts.get("SHA256") || parts.get("SHA1") || parts.get("MD5") || value;
}

/** The indicators of an event: its host, first IP, hash and user found in the usual field names. */
export function eventIndicators(ev: Pick<StoredEvent, "host" | "fields">): Partial<Record<IndicatorKind, string>> {
  const out: Partial<Record<IndicatorKind, string>> = {};
  const fields = ev.fields as Record<string, unknown>;
  const host = ev.host ?? (typeof fields.Computer === "string" ? fields.Computer : null);
  if (host) out.host = host.slice(0, 512);
  for (const kind of ["ip", "hash", "user"] as const) {
    for (const name of INDICATOR_FIELDS[kind]) {
      const v = fields[name];
      if ((typeof v === "string" && v.trim() && v !== "-") || typeof v === "number") {
        const text = String(v).trim();
        out[kind] = (kind === "hash" ? pickHash(text) : text).slice(0, 512);
        break;
      }
    }
  }
  return out;
}

/**
 * Starts the runs a batch of new detections triggers: one row per playbook run (all steps pending) and a job for
 * each. Answers the new run ids.
 */
export function startRunsFor(
  tenantId: string,
  batch: readonly { detection: DetectionRecord; event: Pick<StoredEvent, "host" | "fields"> }[],
  now = Date.now(),
): string[] {
  const active = enabledPlaybooks(tenantId);
  if (active.length === 0) return [];
  const started: string[] = [];
  for (const { detection: d, event } of batch) {
    for (const p of active) {
      if (!triggers(p, d)) continue;
      const id = randomUUID();
      const trigger: RunTrigger = {
        detectionId: d.id,
        ruleId: d.ruleId,
        ruleTitle: d.ruleTitle,
        level: d.level,
        tags: d.tags,
        eventId: d.eventId,
        eventTime: d.eventTime,
        host: d.host,
        indicators: eventIndicators(event),
      };
      const steps: RunStep[] = (p.steps as unknown as PlaybookStep[]).map((s) => ({
        ...s,
        outcome: "pending",
        message: null,
        at: null,
      }));
      const inserted = db
        .insert(playbookRuns)
        .values({
          id,
          tenantId,
          playbookId: p.id,
          playbookName: p.name,
          dedupeKey: `${p.id}:${d.ruleId}:${d.host ?? ""}:${Math.floor(now / HOUR_MS)}`,
          status: "queued",
          trigger: trigger as unknown as Record<string, unknown>,
          steps: steps as unknown as Record<string, unknown>[],
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .run().changes;
      if (!inserted) continue;
      enqueueJob({ kind: PLAYBOOK_RUN_JOB, key: `playbook-run:${id}`, payload: { runId: id }, tenantId });
      started.push(id);
    }
  }
  return started;
}

function save(
  tenantId: string,
  id: string,
  patch: Partial<Pick<RunRow, "status" | "decidedBy" | "decidedAt">> & {
    steps?: RunStep[];
  },
) {
  db.update(playbookRuns)
    .set({
      ...patch,
      steps: patch.steps as unknown as Record<string, unknown>[] | undefined,
      updatedAt: Date.now(),
    })
    .where(and(eq(playbookRuns.tenantId, tenantId), eq(playbookRuns.id, id)))
    .run();
}

type StepResult = { outcome: "ok" | "failed" | "skipped"; message: string; ref?: string };

const SEVERITY_OF_LEVEL: Record<string, "low" | "medium" | "high" | "critical"> = {
  informational: "low",
  low: "low",
  medium: "medium",
  high: "high",
  critical: "critical",
};

function performStep(run: RunRow, step: RunStep, index: number, earlier: RunStep[]): StepResult {
  const t = run.trigger as unknown as RunTrigger;
  const where = t.host ?? "an unknown host";
  const alertId = earlier.find((s) => s.type === "alert" && s.outcome === "ok" && s.ref)?.ref;
  switch (step.type) {
    case "alert": {
      const r = raiseAlertDetailed({
        tenantId: run.tenantId,
        source: "playbook",
        severity: step.severity,
        title: `${run.playbookName}: ${t.ruleTitle} on ${where}`,
        detail: `Playbook "${run.playbookName}" ran for a detection of the Sigma rule "${t.ruleTitle}" (${t.level ?? "no level"}) on ${where}, event ${t.eventId}.`,
        // one alert per run and step, so a resumed run never raises it twice
        dedupeKey: `playbook:${run.id}:${index}`,
      });
      return { outcome: "ok", message: r.created ? "Alert raised" : "Alert already raised", ref: r.id };
    }
    case "incident": {
      try {
        const c = createCase(
          run.tenantId,
          {
            title: `${t.ruleTitle} on ${where}`.slice(0, 200),
            description: `Opened by playbook "${run.playbookName}" for a detection of the Sigma rule "${t.ruleTitle}" on ${where} (event ${t.eventId}).`,
            severity: step.severity,
            source: "playbook",
            tags: t.tags.filter((x) => /^attack\./i.test(x)).slice(0, 10),
            alertIds: alertId ? [alertId] : [],
          },
          { userId: null },
        );
        return { outcome: "ok", message: `Incident #${c.number} opened`, ref: c.id };
      } catch (e) {
        if (e instanceof IncidentError) return { outcome: "failed", message: e.message };
        throw e;
      }
    }
    case "notify": {
      const channel = getChannel(run.tenantId, step.channelId);
      if (!channel) return { outcome: "failed", message: "The notification channel no longer exists" };
      enqueueNotification({
        tenantId: run.tenantId,
        channelId: channel.id,
        alertId: alertId ?? null,
        type: "alert.raised",
        alert: {
          id: alertId ?? run.id,
          title: `${run.playbookName}: ${t.ruleTitle} on ${where}`,
          detail: `Sigma rule "${t.ruleTitle}" matched event ${t.eventId} on ${where}.`,
          severity: SEVERITY_OF_LEVEL[t.level ?? ""] ?? "medium",
          source: "playbook",
          status: "active",
          occurrences: 1,
          createdAt: new Date(run.createdAt).toISOString(),
        },
        extra: { playbook: { id: run.playbookId, name: run.playbookName, runId: run.id } },
      });
      return { outcome: "ok", message: `Notification queued for ${channel.name}` };
    }
    case "indicator": {
      const value = t.indicators[step.kind];
      const label = INDICATOR_LABEL[step.kind].toLowerCase();
      if (!value) return { outcome: "skipped", message: `The event has no ${label}` };
      const added = addIndicator(run.tenantId, {
        kind: step.kind,
        value,
        playbookId: run.playbookId,
        runId: run.id,
        note: `${t.ruleTitle} on ${where}`,
      });
      return {
        outcome: "ok",
        message: `${INDICATOR_LABEL[step.kind]} ${value} ${added ? "added to" : "already on"} the watchlist`,
      };
    }
    case "approval":
      throw new Error("approval is not performed");
  }
}

/**
 * Executes a run from its first pending step. Answers the run's status afterwards. Safe to call again on a run that
 * stopped half-way (resume) or that is finished (no-op).
 */
export function executeRun(tenantId: string, runId: string): RunStatus | null {
  const run = getRun(tenantId, runId);
  if (!run) return null;
  const status = run.status as RunStatus;
  if (status !== "queued" && status !== "running") return status;
  const steps = (run.steps as unknown as RunStep[]).map((s) => ({ ...s }));
  save(tenantId, runId, { status: "running" });
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (step.outcome !== "pending") continue;
    if (step.type === "approval") {
      step.outcome = "waiting";
      step.message = "Waiting for an owner or admin";
      step.at = Date.now();
      save(tenantId, runId, { status: "awaiting_approval", steps });
      return "awaiting_approval";
    }
    let result: StepResult;
    try {
      result = performStep(run, step, i, steps.slice(0, i));
    } catch (e) {
      result = { outcome: "failed", message: e instanceof Error ? e.message.slice(0, 500) : String(e) };
    }
    Object.assign(step, { outcome: result.outcome, message: result.message, at: Date.now() });
    if (result.ref) step.ref = result.ref;
    // written after every step: a restart resumes after the last step done
    save(tenantId, runId, { steps });
  }
  const final: RunStatus = steps.some((s) => s.outcome === "failed") ? "failed" : "completed";
  save(tenantId, runId, { status: final });
  return final;
}

/**
 * An owner or admin approves or rejects a run that waits. Approval marks the waiting step done and queues the run
 * again; rejection skips every step left. The permission is checked here, whatever the caller.
 */
export function decideRun(
  tenantId: string,
  runId: string,
  actor: { userId: string; email?: string; role: Role | null | undefined; ip?: string | null },
  decision: "approve" | "reject",
): RunRow {
  if (!can(actor.role, "playbook", "approve")) throw new PlaybookError(PLAYBOOK_PERMISSION_MESSAGE.approve, 403);
  const run = getRun(tenantId, runId);
  if (!run) throw new PlaybookError("No such playbook run", 404);
  if (run.status !== "awaiting_approval") throw new PlaybookError("This run is not waiting for approval", 409);
  const steps = (run.steps as unknown as RunStep[]).map((s) => ({ ...s }));
  const waiting = steps.findIndex((s) => s.outcome === "waiting");
  const who = actor.email ?? "an admin";
  const now = Date.now();
  if (waiting >= 0)
    Object.assign(steps[waiting]!, {
      outcome: decision === "approve" ? "ok" : "failed",
      message: decision === "approve" ? `Approved by ${who}` : `Rejected by ${who}`,
      at: now,
    });
  if (decision === "reject")
    for (const s of steps.slice(waiting + 1))
      if (s.outcome === "pending") Object.assign(s, { outcome: "skipped", message: "The run was rejected", at: now });
  // conditional on the status: two people deciding at once, one wins
  const changed = db
    .update(playbookRuns)
    .set({
      status: decision === "approve" ? "queued" : "rejected",
      steps: steps as unknown as Record<string, unknown>[],
      decidedBy: actor.userId,
      decidedAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(playbookRuns.tenantId, tenantId),
        eq(playbookRuns.id, runId),
        eq(playbookRuns.status, "awaiting_approval"),
      ),
    )
    .run().changes;
  if (!changed) throw new PlaybookError("This run is not waiting for approval", 409);
  if (decision === "approve")
    enqueueJob({ kind: PLAYBOOK_RUN_JOB, key: `playbook-run:${runId}`, payload: { runId }, tenantId });
  audit({
    action: decision === "approve" ? "playbook.run_approved" : "playbook.run_rejected",
    tenantId,
    userId: actor.userId,
    ip: actor.ip ?? null,
    detail: { runId, playbookId: run.playbookId, playbook: run.playbookName },
  });
  return getRun(tenantId, runId)!;
}

/** The job handler: runs (or resumes) one playbook run. */
export function registerPlaybookJobs() {
  registerJobHandler(PLAYBOOK_RUN_JOB, (job) => {
    const runId = (job.payload as { runId?: unknown }).runId;
    if (typeof runId !== "string" || !job.tenantId) return;
    executeRun(job.tenantId, runId);
  });
}

/**
 * Starts runs from the detection path: the module registry (app/modules/registry.server.ts) subscribes it to
 * detection's "detections.created". A started run is a durable job, so it survives a restart.
 */
export function startRunsOnDetections({ tenantId, detections }: DetectionsCreatedPayload) {
  startRunsFor(tenantId, detections);
}
