/**
 * Playbooks of a tenant, their runs and the watchlist of indicators they add. Every function takes the tenant id.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { playbookIndicators, playbookRuns, playbooks } from "./schema";
import { db } from "~/lib/db.server";
import type { IndicatorKind, PlaybookInput, PlaybookStep, RunStatus, RunStep } from "./types";

export type PlaybookRow = typeof playbooks.$inferSelect;
export type RunRow = typeof playbookRuns.$inferSelect;

/** A tenant keeps at most this many playbooks; the watchlist lists the newest MAX_LISTED indicators. */
export const MAX_PLAYBOOKS = 200;
const MAX_LISTED = 200;

export function playbookView(p: PlaybookRow) {
  return {
    id: p.id,
    name: p.name,
    enabled: p.enabled,
    trigger: { type: p.triggerType, value: p.triggerValue },
    steps: p.steps as unknown as PlaybookStep[],
    createdAt: new Date(p.createdAt).toISOString(),
    updatedAt: new Date(p.updatedAt).toISOString(),
  };
}
export type PlaybookView = ReturnType<typeof playbookView>;

export function listPlaybooks(tenantId: string): PlaybookRow[] {
  return db.select().from(playbooks).where(eq(playbooks.tenantId, tenantId)).orderBy(desc(playbooks.createdAt)).all();
}

export function enabledPlaybooks(tenantId: string): PlaybookRow[] {
  return db
    .select()
    .from(playbooks)
    .where(and(eq(playbooks.tenantId, tenantId), eq(playbooks.enabled, true)))
    .all();
}

export function getPlaybook(tenantId: string, id: string): PlaybookRow | undefined {
  return db
    .select()
    .from(playbooks)
    .where(and(eq(playbooks.tenantId, tenantId), eq(playbooks.id, id)))
    .get();
}

export function createPlaybook(tenantId: string, input: PlaybookInput, userId: string | null): PlaybookRow {
  const now = Date.now();
  return db
    .insert(playbooks)
    .values({
      id: randomUUID(),
      tenantId,
      name: input.name,
      enabled: input.enabled,
      triggerType: input.trigger.type,
      triggerValue: input.trigger.value,
      steps: input.steps as unknown as Record<string, string>[],
      createdBy: userId,
      updatedAt: now,
    })
    .returning()
    .get();
}

export function updatePlaybook(tenantId: string, id: string, input: PlaybookInput): PlaybookRow | undefined {
  return db
    .update(playbooks)
    .set({
      name: input.name,
      enabled: input.enabled,
      triggerType: input.trigger.type,
      triggerValue: input.trigger.value,
      steps: input.steps as unknown as Record<string, string>[],
      updatedAt: Date.now(),
    })
    .where(and(eq(playbooks.tenantId, tenantId), eq(playbooks.id, id)))
    .returning()
    .get();
}

export function setPlaybookEnabled(tenantId: string, id: string, enabled: boolean): PlaybookRow | undefined {
  return db
    .update(playbooks)
    .set({ enabled, updatedAt: Date.now() })
    .where(and(eq(playbooks.tenantId, tenantId), eq(playbooks.id, id)))
    .returning()
    .get();
}

export function deletePlaybook(tenantId: string, id: string): boolean {
  return (
    db
      .delete(playbooks)
      .where(and(eq(playbooks.tenantId, tenantId), eq(playbooks.id, id)))
      .run().changes > 0
  );
}

export function countPlaybooks(tenantId: string): number {
  return listPlaybooks(tenantId).length;
}

export type RunTrigger = {
  detectionId: string;
  ruleId: string;
  ruleTitle: string;
  level: string | null;
  tags: string[];
  eventId: string;
  eventTime: number;
  host: string | null;
  indicators: Partial<Record<IndicatorKind, string>>;
};

export function runView(r: RunRow) {
  const trigger = r.trigger as unknown as RunTrigger;
  return {
    id: r.id,
    playbookId: r.playbookId,
    playbookName: r.playbookName,
    status: r.status as RunStatus,
    trigger: {
      ruleId: trigger.ruleId,
      ruleTitle: trigger.ruleTitle,
      level: trigger.level,
      host: trigger.host,
      eventId: trigger.eventId,
      detectionId: trigger.detectionId,
    },
    steps: (r.steps as unknown as RunStep[]).map((s) => ({
      ...s,
      at: s.at ? new Date(s.at).toISOString() : null,
    })),
    decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}
export type RunView = ReturnType<typeof runView>;

export function listRuns(tenantId: string, opts: { playbookId?: string; limit?: number } = {}): RunRow[] {
  const where = [eq(playbookRuns.tenantId, tenantId)];
  if (opts.playbookId) where.push(eq(playbookRuns.playbookId, opts.playbookId));
  return db
    .select()
    .from(playbookRuns)
    .where(and(...where))
    .orderBy(desc(playbookRuns.createdAt))
    .limit(Math.min(Math.max(opts.limit ?? 50, 1), 500))
    .all();
}

export function getRun(tenantId: string, id: string): RunRow | undefined {
  return db
    .select()
    .from(playbookRuns)
    .where(and(eq(playbookRuns.tenantId, tenantId), eq(playbookRuns.id, id)))
    .get();
}

/** Adds an indicator to the tenant's watchlist; answers false when it was there already. */
export function addIndicator(
  tenantId: string,
  input: { kind: IndicatorKind; value: string; playbookId: string | null; runId: string | null; note?: string },
): boolean {
  return (
    db
      .insert(playbookIndicators)
      .values({
        id: randomUUID(),
        tenantId,
        kind: input.kind,
        value: input.value.slice(0, 512),
        playbookId: input.playbookId,
        runId: input.runId,
        note: input.note?.slice(0, 500) ?? null,
      })
      .onConflictDoNothing()
      .run().changes > 0
  );
}

export function listIndicators(tenantId: string) {
  return db
    .select()
    .from(playbookIndicators)
    .where(eq(playbookIndicators.tenantId, tenantId))
    .orderBy(desc(playbookIndicators.createdAt))
    .limit(MAX_LISTED)
    .all()
    .map((i) => ({
      id: i.id,
      kind: i.kind,
      value: i.value,
      note: i.note,
      createdAt: new Date(i.createdAt).toISOString(),
    }));
}

export function removeIndicator(tenantId: string, id: string): boolean {
  return (
    db
      .delete(playbookIndicators)
      .where(and(eq(playbookIndicators.tenantId, tenantId), eq(playbookIndicators.id, id)))
      .run().changes > 0
  );
}

/**
 * The tenant's watchlist indicators whose value contains `needle` literally (`%` and `_` are plain
 * characters), newest first, up to `limit`: threat hunting's look into the SIEM/SOAR watchlist.
 */
export function searchIndicators(tenantId: string, needle: string, limit: number) {
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({
      id: playbookIndicators.id,
      kind: playbookIndicators.kind,
      value: playbookIndicators.value,
      createdAt: playbookIndicators.createdAt,
    })
    .from(playbookIndicators)
    .where(
      and(
        eq(playbookIndicators.tenantId, tenantId),
        // SQLite's LIKE has no escape character unless one is named.
        sql`${playbookIndicators.value} LIKE ${pattern} ESCAPE '\\'`,
      ),
    )
    .orderBy(desc(playbookIndicators.createdAt))
    .limit(limit)
    .all();
}
