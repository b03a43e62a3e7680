/**
 * Alert rules: which alerts notify whom. A rule matches on source (exact),
 * severity at or above a level, and text (case-insensitive substring of title
 * or detail: linear time, no user regex). Rules are ordered; a matching rule
 * in "first" mode stops the search, in "all" mode later rules are tried too.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { alertRules, alerts } from "./schema";
import { db } from "~/lib/db.server";
import type { Severity } from "./types";

export const SEVERITY_RANK: Record<Severity, number> = { low: 0, medium: 1, high: 2, critical: 3 };

export type RuleLike = {
  matchSource: string | null;
  minSeverity: Severity;
  matchText: string | null;
};

export type AlertLike = { source: string; severity: Severity; title: string; detail: string | null };

export function ruleMatches(rule: RuleLike, alert: AlertLike): boolean {
  if (rule.matchSource && rule.matchSource !== alert.source) return false;
  if (SEVERITY_RANK[alert.severity] < SEVERITY_RANK[rule.minSeverity]) return false;
  if (rule.matchText) {
    const needle = rule.matchText.toLowerCase();
    if (!alert.title.toLowerCase().includes(needle) && !(alert.detail ?? "").toLowerCase().includes(needle))
      return false;
  }
  return true;
}

export type Rule = typeof alertRules.$inferSelect;

/** The rules that apply to an alert, in order, honouring first-match rules. */
export function matchingRules(rules: Rule[], alert: AlertLike): Rule[] {
  const out: Rule[] = [];
  for (const rule of rules) {
    if (!rule.enabled || !ruleMatches(rule, alert)) continue;
    out.push(rule);
    if (rule.mode === "first") break;
  }
  return out;
}

export function listRules(tenantId: string): Rule[] {
  return db
    .select()
    .from(alertRules)
    .where(eq(alertRules.tenantId, tenantId))
    .orderBy(asc(alertRules.position), asc(alertRules.createdAt))
    .all();
}

export type RuleInput = {
  name: string;
  matchSource: string | null;
  minSeverity: Severity;
  matchText: string | null;
  channelIds: string[];
  escalationPolicyId: string | null;
  mode: "first" | "all";
};

export function createRule(tenantId: string, input: RuleInput): string {
  const id = randomUUID();
  const max = db
    .select({ p: sql<number>`coalesce(max(${alertRules.position}), 0)` })
    .from(alertRules)
    .where(eq(alertRules.tenantId, tenantId))
    .get();
  db.insert(alertRules)
    .values({ id, tenantId, position: (max?.p ?? 0) + 1, ...input })
    .run();
  return id;
}

export function deleteRule(tenantId: string, ruleId: string): boolean {
  return (
    db
      .delete(alertRules)
      .where(and(eq(alertRules.tenantId, tenantId), eq(alertRules.id, ruleId)))
      .run().changes > 0
  );
}

/** Swaps a rule with its neighbour (up: -1, down: +1). */
export function moveRule(tenantId: string, ruleId: string, direction: -1 | 1): boolean {
  const rules = listRules(tenantId);
  const i = rules.findIndex((r) => r.id === ruleId);
  const j = i + direction;
  if (i < 0 || j < 0 || j >= rules.length) return false;
  db.transaction((tx) => {
    rules.forEach((r, k) => {
      const position = k === i ? j + 1 : k === j ? i + 1 : k + 1;
      tx.update(alertRules)
        .set({ position })
        .where(and(eq(alertRules.tenantId, tenantId), eq(alertRules.id, r.id)))
        .run();
    });
  });
  return true;
}

/** "Would have matched N": the rule against the tenant's last 50 alerts. */
export function testRule(tenantId: string, rule: RuleLike): { matched: number; of: number; titles: string[] } {
  const recent = db
    .select({ source: alerts.source, severity: alerts.severity, title: alerts.title, detail: alerts.detail })
    .from(alerts)
    .where(eq(alerts.tenantId, tenantId))
    .orderBy(desc(alerts.createdAt))
    .limit(50)
    .all();
  const hits = recent.filter((a) => ruleMatches(rule, a));
  return { matched: hits.length, of: recent.length, titles: hits.slice(0, 5).map((a) => a.title) };
}
