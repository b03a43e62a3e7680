/**
 * Automatic evidence: the mappings (mappings.ts) probed against the tenant's
 * stored data. A source counts only when the tenant has rows for it, so a
 * requirement shows what the organization actually uses, with the count and
 * the date of the latest record.
 */
import { sqlite } from "~/lib/db.server";
import { csfRequirementsFor } from "./csf";
import { storedCatalogue } from "./catalog.server";
import { AUTOMATIC_SOURCES, type AutomaticSource, type Probe } from "./mappings";

export type AutomaticEvidence = {
  source: string;
  label: string;
  count: number;
  lastAt: number | null;
  summary: string;
};

// Raw SQL on purpose in this file: the probes are data (mappings.ts) over other modules' tables, some of which a
// build may lack, so they are SQL text checked against sqlite_master rather than typed Drizzle queries.
export function tableNames(): Set<string> {
  return new Set(
    (sqlite().prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
      (r) => r.name,
    ),
  );
}

const NAME = /^[a-z0-9_]+$/;

/** Runs one probe for a tenant: the number of its rows and the newest one's time (0 and null when nothing is there). */
export function runProbe(probe: Probe, tenantId: string, tables = tableNames()): { n: number; last: number | null } {
  const conn = sqlite();
  if (probe.kind === "sql") {
    if (!probe.tables.every((t) => tables.has(t))) return { n: 0, last: null };
    const row = conn.prepare(probe.sql).get(tenantId) as { n: number | null; last: number | null } | undefined;
    return { n: row?.n ?? 0, last: row?.last ?? null };
  }
  let n = 0;
  let last: number | null = null;
  for (const { table, time } of probe.tables) {
    if (!tables.has(table) || !NAME.test(table) || !NAME.test(time)) continue;
    const row = conn
      .prepare(`SELECT count(*) AS n, max(${time}) AS last FROM ${table} WHERE tenant_id = ?`)
      .get(tenantId) as {
      n: number;
      last: number | null;
    };
    n += row.n;
    if (row.last != null && (last == null || row.last > last)) last = row.last;
  }
  return { n, last };
}

const resolved = new Map<string, Map<string, string[]>>();

/** source key -> the framework's requirement ids it maps to (CSF ids resolved through csf.ts); computed once. */
function requirementsBySource(frameworkKey: string): Map<string, string[]> {
  let map = resolved.get(frameworkKey);
  if (map) return map;
  map = new Map();
  const items = storedCatalogue(frameworkKey);
  const known = new Set(items.filter((i) => i.assessable && !i.withdrawn).map((i) => i.id));
  for (const source of AUTOMATIC_SOURCES) {
    const ids = source.requirements[frameworkKey] ?? [];
    const out = frameworkKey === "nist-csf-2.0" ? ids.flatMap((id) => csfRequirementsFor(items, id)) : ids;
    map.set(
      source.key,
      [...new Set(out)].filter((id) => known.has(id)),
    );
  }
  resolved.set(frameworkKey, map);
  return map;
}

export function mappedRequirements(frameworkKey: string, sourceKey: string): string[] {
  return requirementsBySource(frameworkKey).get(sourceKey) ?? [];
}

function summarize(source: AutomaticSource, n: number) {
  return `${n} ${n === 1 ? source.unit[0] : source.unit[1]}`;
}

/** Requirement id -> the automatic evidence it has, for one framework and tenant. */
export function automaticEvidence(tenantId: string, frameworkKey: string): Map<string, AutomaticEvidence[]> {
  const tables = tableNames();
  const out = new Map<string, AutomaticEvidence[]>();
  for (const source of AUTOMATIC_SOURCES) {
    const ids = mappedRequirements(frameworkKey, source.key);
    if (!ids.length) continue;
    let probed: { n: number; last: number | null };
    try {
      probed = runProbe(source.probe, tenantId, tables);
    } catch (error) {
      // A probe that no longer fits the schema loses its evidence, not the page (the mapping test catches it).
      console.error(`compliance: probe ${source.key} failed`, error);
      continue;
    }
    const { n, last } = probed;
    if (n <= 0) continue;
    const evidence = { source: source.key, label: source.label, count: n, lastAt: last, summary: summarize(source, n) };
    for (const id of ids) out.set(id, [...(out.get(id) ?? []), evidence]);
  }
  return out;
}
