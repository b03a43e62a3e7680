/**
 * Detection rules of a tenant (Sigma YAML kept as written) and the compiled rule set the streaming path uses.
 * A tenant's enabled rules are compiled once and cached until a rule changes.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { detectionPlaceholders, detectionRules } from "./schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import {
  describeRuleError,
  fileLookup,
  isCorrelation,
  MAX_RULE_BYTES,
  SigmaRuleError,
  loadSigmaFile,
  loadSigmaRule,
  resolveCorrelation,
  RuleSet,
  type AnyRule,
  type ResolvedCorrelation,
  type RuleLookup,
  type SigmaFile,
  type SigmaRule,
} from "./sigma";

export type DetectionRuleRow = typeof detectionRules.$inferSelect;
export type CompiledRule = SigmaRule & { ruleId: string };

/** A tenant keeps at most this many rules (SigmaHQ's whole Windows set is ~2,500). */
export const MAX_RULES_PER_TENANT = 5000;

/** An enabled stored correlation rule, its references resolved. */
export type CompiledCorrelation = {
  ruleId: string;
  title: string;
  level: string | null;
  resolved: ResolvedCorrelation;
};

type Compiled = { set: RuleSet<CompiledRule>; correlations: CompiledCorrelation[]; lookup: RuleLookup };
const cache = new Map<string, Compiled>();

export function invalidateRules(tenantId: string) {
  cache.delete(tenantId);
}

/** The tenant's `%name%` lists for `|expand` (edited in placeholders.server.ts), as the Sigma loaders take them. */
export function tenantPlaceholders(tenantId: string): Record<string, string[]> {
  const rows = db
    .select({ name: detectionPlaceholders.name, values: detectionPlaceholders.values })
    .from(detectionPlaceholders)
    .where(eq(detectionPlaceholders.tenantId, tenantId))
    .all();
  return Object.fromEntries(rows.map((r) => [r.name, r.values]));
}

/**
 * Loads one plain rule as the tenant's detection runs it (its placeholders expanded): a rule whose placeholder is
 * not defined is refused on the way in rather than stored as a rule that never fires. Files that may hold a
 * correlation go through loadSigmaForTenant.
 */
export function loadTenantRule(
  tenantId: string,
  yaml: string,
  placeholders: Record<string, string[]> = tenantPlaceholders(tenantId),
): SigmaRule {
  return loadSigmaRule(yaml, { placeholders });
}

/**
 * Compiles the tenant's rules once: the plain enabled rules as a RuleSet, the enabled correlations resolved, and the
 * lookup a correlation uses for references outside its file (every stored rule, enabled or not, by `name` and `id`:
 * a correlation's base rules need not alert on their own). Placeholders are expanded with the tenant's lists as
 * they are now (a change to a list clears the cache). Rules that no longer load are skipped, never thrown.
 */
function compiled(tenantId: string): Compiled {
  const hit = cache.get(tenantId);
  if (hit) return hit;
  const rows = db
    .select({ id: detectionRules.id, yaml: detectionRules.yaml, enabled: detectionRules.enabled })
    .from(detectionRules)
    .where(eq(detectionRules.tenantId, tenantId))
    .orderBy(detectionRules.createdAt)
    .all();
  const placeholders = tenantPlaceholders(tenantId);
  const files: { id: string; enabled: boolean; file: SigmaFile }[] = [];
  const byRef = new Map<string, AnyRule>();
  for (const row of rows) {
    try {
      const file = loadSigmaFile(row.yaml, { placeholders });
      files.push({ id: row.id, enabled: row.enabled, file });
      for (const r of [file.root, ...file.rules, ...file.correlations]) {
        if (r.id && !byRef.has(r.id)) byRef.set(r.id, r);
        if (r.name && !byRef.has(r.name)) byRef.set(r.name, r);
      }
    } catch {
      // stored rules were validated on the way in; a rule the engine no longer reads is left out, not fatal
    }
  }
  const lookup: RuleLookup = (ref) => byRef.get(ref);
  const set = new RuleSet<CompiledRule>();
  const correlations: CompiledCorrelation[] = [];
  for (const { id, enabled, file } of files) {
    if (!enabled) continue;
    const root = file.root;
    if (!isCorrelation(root)) {
      set.add({ ...root, ruleId: id });
      continue;
    }
    try {
      correlations.push({
        ruleId: id,
        title: root.title,
        level: root.level,
        resolved: resolveCorrelation(root, fileLookup(file, lookup)),
      });
    } catch {
      continue; // a referenced stored rule was deleted since: the correlation is inert until it is back
    }
    // `generate: true`: the file's base rules also detect on their own (recorded against the correlation's row)
    if (root.generate) for (const r of file.rules) set.add({ ...r, ruleId: id });
  }
  const out = { set, correlations, lookup };
  cache.set(tenantId, out);
  return out;
}

/** The tenant's enabled plain rules, compiled once. */
export function enabledRuleSet(tenantId: string): RuleSet<CompiledRule> {
  return compiled(tenantId).set;
}

/** The tenant's enabled correlation rules, resolved once. */
export function enabledCorrelations(tenantId: string): CompiledCorrelation[] {
  return compiled(tenantId).correlations;
}

/** Every stored rule of the tenant by `name` and `id`: where a correlation's references outside its file resolve. */
export function storedRuleLookup(tenantId: string): RuleLookup {
  return compiled(tenantId).lookup;
}

export function countRules(tenantId: string): number {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(detectionRules)
    .where(eq(detectionRules.tenantId, tenantId))
    .get()!.n;
}

/**
 * Loads a Sigma file for a tenant: the file's root rule and, for a correlation, its references resolved (in the file
 * first, then the tenant's stored rules by name or id). Throws SigmaRuleError naming the problem.
 */
export function loadSigmaForTenant(
  tenantId: string,
  yaml: string,
  placeholders: Record<string, string[]> = tenantPlaceholders(tenantId),
): { root: AnyRule; correlation: ResolvedCorrelation | null } {
  const file = loadSigmaFile(yaml, { placeholders });
  const root = file.root;
  if (!isCorrelation(root)) return { root, correlation: null };
  return { root, correlation: resolveCorrelation(root, fileLookup(file, storedRuleLookup(tenantId))) };
}

/** Stores a rule (or a correlation file) that `loadSigmaFile` accepted; `rule` is the file's root. */
export function createRule(tenantId: string, yaml: string, rule: AnyRule, userId: string | null): DetectionRuleRow {
  const row = db
    .insert(detectionRules)
    .values({
      id: randomUUID(),
      tenantId,
      title: rule.title,
      level: rule.level,
      status: rule.status,
      sigmaId: rule.id,
      // a correlation has no logsource of its own (its rules have theirs)
      logsource: isCorrelation(rule) ? {} : ({ ...rule.logsource } as Record<string, string>),
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

/**
 * Loads a Sigma file a person submitted (one rule, or a correlation with the rules it refers to; references
 * outside the file resolve against the tenant's stored rules). A missing, oversized or malformed file is a 400
 * DomainError whose message names the line and the problem.
 */
export function loadSubmittedSigma(
  yaml: unknown,
  tenantId: string,
): { root: AnyRule; correlation: ResolvedCorrelation | null } {
  if (typeof yaml !== "string" || yaml.trim() === "") throw new DomainError("yaml is required: the Sigma rule as text");
  if (Buffer.byteLength(yaml) > MAX_RULE_BYTES) throw new DomainError(`yaml is larger than ${MAX_RULE_BYTES} bytes`);
  try {
    return loadSigmaForTenant(tenantId, yaml);
  } catch (e) {
    if (e instanceof SigmaRuleError) throw new DomainError(describeRuleError(e));
    throw e;
  }
}
