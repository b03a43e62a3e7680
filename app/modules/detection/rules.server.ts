/**
 * Detection rules of a tenant (Sigma YAML kept as written) and the compiled rule set the streaming path uses.
 * A tenant's enabled rules are compiled once and cached until a rule changes.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { detectionPlaceholders, detectionRules } from "@db/schema";
import { db } from "~/lib/db.server";
import { loadSigmaRule, RuleSet, type SigmaRule } from "./sigma";

export type DetectionRuleRow = typeof detectionRules.$inferSelect;
export type CompiledRule = SigmaRule & { ruleId: string };

/** A tenant keeps at most this many rules (SigmaHQ's whole Windows set is ~2,500). */
export const MAX_RULES_PER_TENANT = 5000;

const cache = new Map<string, RuleSet<CompiledRule>>();

export function invalidateRules(tenantId: string) {
  cache.delete(tenantId);
}

/** The tenant's `%name%` lists for `|expand` (edited in placeholders.server.ts), as `loadSigmaRule` takes them. */
export function tenantPlaceholders(tenantId: string): Record<string, string[]> {
  const rows = db
    .select({ name: detectionPlaceholders.name, values: detectionPlaceholders.values })
    .from(detectionPlaceholders)
    .where(eq(detectionPlaceholders.tenantId, tenantId))
    .all();
  return Object.fromEntries(rows.map((r) => [r.name, r.values]));
}

/**
 * Loads a rule as the tenant's detection runs it: every path that saves, runs or tests a tenant's rule calls this,
 * so a rule whose placeholder is not defined is refused on the way in rather than stored as a rule that never fires.
 */
export function loadTenantRule(
  tenantId: string,
  yaml: string,
  placeholders: Record<string, string[]> = tenantPlaceholders(tenantId),
): SigmaRule {
  return loadSigmaRule(yaml, { placeholders });
}

/** The tenant's enabled rules, compiled once (rules that no longer load are skipped, never thrown). */
export function enabledRuleSet(tenantId: string): RuleSet<CompiledRule> {
  let set = cache.get(tenantId);
  if (set) return set;
  set = new RuleSet<CompiledRule>();
  const rows = db
    .select({ id: detectionRules.id, yaml: detectionRules.yaml })
    .from(detectionRules)
    .where(and(eq(detectionRules.tenantId, tenantId), eq(detectionRules.enabled, true)))
    .all();
  const placeholders = tenantPlaceholders(tenantId);
  for (const row of rows) {
    try {
      set.add({ ...loadTenantRule(tenantId, row.yaml, placeholders), ruleId: row.id });
    } catch {
      // stored rules were validated on the way in; a rule the engine no longer reads is left out, not fatal
    }
  }
  cache.set(tenantId, set);
  return set;
}

export function countRules(tenantId: string): number {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(detectionRules)
    .where(eq(detectionRules.tenantId, tenantId))
    .get()!.n;
}

/** Stores a rule that `loadSigmaRule` accepted. */
export function createRule(tenantId: string, yaml: string, rule: SigmaRule, userId: string | null): DetectionRuleRow {
  const row = db
    .insert(detectionRules)
    .values({
      id: randomUUID(),
      tenantId,
      title: rule.title,
      level: rule.level,
      status: rule.status,
      sigmaId: rule.id,
      logsource: { ...rule.logsource } as Record<string, string>,
      tags: rule.tags,
      author: rule.author,
      license: rule.license,
      references: rule.references,
      yaml,
      enabled: true,
      createdBy: userId,
    })
    .returning()
    .get();
  invalidateRules(tenantId);
  return row;
}

export function listRules(tenantId: string): DetectionRuleRow[] {
  return db
    .select()
    .from(detectionRules)
    .where(eq(detectionRules.tenantId, tenantId))
    .orderBy(desc(detectionRules.createdAt))
    .all();
}

export function getRule(tenantId: string, id: string): DetectionRuleRow | undefined {
  return db
    .select()
    .from(detectionRules)
    .where(and(eq(detectionRules.tenantId, tenantId), eq(detectionRules.id, id)))
    .get();
}

export function setRuleEnabled(tenantId: string, id: string, enabled: boolean): DetectionRuleRow | undefined {
  const row = db
    .update(detectionRules)
    .set({ enabled })
    .where(and(eq(detectionRules.tenantId, tenantId), eq(detectionRules.id, id)))
    .returning()
    .get();
  invalidateRules(tenantId);
  return row;
}

export function deleteRule(tenantId: string, id: string): boolean {
  const changes = db
    .delete(detectionRules)
    .where(and(eq(detectionRules.tenantId, tenantId), eq(detectionRules.id, id)))
    .run().changes;
  invalidateRules(tenantId);
  return changes > 0;
}

/** The shape the API answers for a rule. */
export function ruleSummary(r: DetectionRuleRow) {
  return {
    id: r.id,
    title: r.title,
    level: r.level,
    status: r.status,
    logsource: r.logsource,
    enabled: r.enabled,
  };
}
