/**
 * What the SIEM/SOAR rule library and the Threat Hunting workbench pages need: rules with their last match and
 * matches per day, rule files uploaded one by one (.yml/.yaml) or as a .zip (unpacked with fflate, with caps on
 * entries and sizes), and saved hunts.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { detections, hunts } from "./schema";
import { db } from "~/lib/db.server";
import {
  countRules,
  createRule,
  listRules,
  loadSigmaForTenant,
  MAX_RULES_PER_TENANT,
  tenantPlaceholders,
} from "./rules.server";
import { describeRuleError, MAX_RULE_BYTES, SigmaRuleError } from "./sigma";
import { unzipCapped } from "./zip.server";

const DAY_MS = 86_400_000;
export const MAX_ZIP_BYTES = 10 * 1024 * 1024;
export const MAX_ZIP_ENTRIES = 3000;

export function ruleLibrary(tenantId: string, now = Date.now()) {
  const since = now - 7 * DAY_MS;
  const counts = new Map(
    db
      .select({ ruleId: detections.ruleId, n: sql<number>`count(*)` })
      .from(detections)
      .where(and(eq(detections.tenantId, tenantId), gte(detections.createdAt, since)))
      .groupBy(detections.ruleId)
      .all()
      .map((r) => [r.ruleId, r.n]),
  );
  return listRules(tenantId).map((r) => ({
    id: r.id,
    title: r.title,
    level: r.level,
    status: r.status,
    enabled: r.enabled,
    author: r.author,
    license: r.license,
    references: r.references,
    tags: r.tags,
    logsource: r.logsource,
    lastMatchAt: r.lastMatchAt ? new Date(r.lastMatchAt).toISOString() : null,
    // matches per day over the last seven days
    matchesPerDay: Math.round(((counts.get(r.id) ?? 0) / 7) * 10) / 10,
  }));
}

export type ImportResult = { added: { file: string; title: string }[]; refused: { file: string; message: string }[] };

/** Adds each uploaded rule that loads; a file that does not is reported with its line and problem. */
export function importRuleFiles(
  tenantId: string,
  userId: string,
  files: { name: string; bytes: Uint8Array }[],
): ImportResult {
  const out: ImportResult = { added: [], refused: [] };
  const texts: { name: string; text: string }[] = [];
  for (const f of files) {
    if (/\.zip$/i.test(f.name)) {
      if (f.bytes.byteLength > MAX_ZIP_BYTES) {
        out.refused.push({ file: f.name, message: `the archive is larger than ${MAX_ZIP_BYTES / 1024 / 1024} MB` });
        continue;
      }
      let entries = 0;
      let total = 0;
      try {
        // Inflated under each entry's declared size (zip.server.ts): a header that lies is an error, not a stall.
        const unzipped = unzipCapped(f.bytes, (file) => {
          if (!/\.ya?ml$/i.test(file.name) || file.name.includes("__MACOSX")) return false;
          entries++;
          total += file.originalSize;
          // caps checked before inflating: a zip bomb is refused, not unpacked
          return entries <= MAX_ZIP_ENTRIES && file.originalSize <= MAX_RULE_BYTES && total <= 50 * 1024 * 1024;
        });
        for (const [name, data] of Object.entries(unzipped))
          texts.push({ name: `${f.name}/${name}`, text: new TextDecoder().decode(data) });
      } catch {
        out.refused.push({ file: f.name, message: "the archive could not be read as a zip file" });
      }
      if (entries > MAX_ZIP_ENTRIES)
        out.refused.push({ file: f.name, message: `only the first ${MAX_ZIP_ENTRIES} rules of the archive were read` });
    } else if (/\.ya?ml$/i.test(f.name)) {
      if (f.bytes.byteLength > MAX_RULE_BYTES) out.refused.push({ file: f.name, message: "the file is too large" });
      else texts.push({ name: f.name, text: new TextDecoder().decode(f.bytes) });
    } else if (f.name) {
      out.refused.push({ file: f.name, message: "upload .yml, .yaml or .zip files" });
    }
  }
  let count = countRules(tenantId);
  // correlation files last: they may refer to rules of the same upload by name or id
  const isCorrelationText = (t: { text: string }) => /^correlation\s*:/m.test(t.text);
  texts.sort((a, b) => Number(isCorrelationText(a)) - Number(isCorrelationText(b)));
  const placeholders = tenantPlaceholders(tenantId);
  for (const t of texts) {
    if (count >= MAX_RULES_PER_TENANT) {
      out.refused.push({ file: t.name, message: `an organization keeps at most ${MAX_RULES_PER_TENANT} rules` });
      continue;
    }
    try {
      const { root: rule } = loadSigmaForTenant(tenantId, t.text, placeholders);
      createRule(tenantId, t.text, rule, userId);
      out.added.push({ file: t.name, title: rule.title });
      count++;
    } catch (e) {
      if (!(e instanceof SigmaRuleError)) throw e;
      out.refused.push({ file: t.name, message: describeRuleError(e) });
    }
  }
  return out;
}

export function saveHunt(
  tenantId: string,
  userId: string,
  hunt: { name: string; kind: "query" | "sigma"; query: string; resultsCount: number },
) {
  return db
    .insert(hunts)
    .values({ id: randomUUID(), tenantId, createdBy: userId, ...hunt })
    .returning()
    .get();
}

export function listHunts(tenantId: string, limit = 50) {
  return db
    .select()
    .from(hunts)
    .where(eq(hunts.tenantId, tenantId))
    .orderBy(desc(hunts.createdAt))
    .limit(limit)
    .all()
    .map((h) => ({ ...h, createdAt: new Date(h.createdAt).toISOString() }));
}

/** The hunts a person saved in the given organizations (the account's data export). */
export function huntsSavedBy(userId: string, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  return db
    .select({
      id: hunts.id,
      tenantId: hunts.tenantId,
      name: hunts.name,
      kind: hunts.kind,
      query: hunts.query,
      resultsCount: hunts.resultsCount,
      createdAt: hunts.createdAt,
    })
    .from(hunts)
    .where(and(eq(hunts.createdBy, userId), inArray(hunts.tenantId, [...tenantIds])))
    .all();
}

export function getHunt(tenantId: string, id: string) {
  return db
    .select()
    .from(hunts)
    .where(and(eq(hunts.tenantId, tenantId), eq(hunts.id, id)))
    .get();
}

const HOUR_MS = 3_600_000;

/** The Security Monitoring overview: detections of the last 24 hours by host, by ATT&CK technique and by hour. */
export function detectionOverview(tenantId: string, now = Date.now()) {
  const since = now - 24 * HOUR_MS;
  const rows = db
    .select({ host: detections.host, tags: detections.tags, level: detections.level, createdAt: detections.createdAt })
    .from(detections)
    .where(and(eq(detections.tenantId, tenantId), gte(detections.createdAt, since)))
    .orderBy(desc(detections.createdAt))
    .limit(50_000)
    .all();
  const byHost = new Map<string, number>();
  const byTechnique = new Map<string, number>();
  const hourly = Array.from({ length: 24 }, (_, i) => ({
    start: Math.floor(since / HOUR_MS) * HOUR_MS + (i + 1) * HOUR_MS,
    count: 0,
  }));
  for (const r of rows) {
    const host = r.host ?? "unknown host";
    byHost.set(host, (byHost.get(host) ?? 0) + 1);
    for (const t of r.tags) {
      const m = /^attack\.(t\d{4}(?:\.\d{3})?)$/i.exec(t);
      if (m) byTechnique.set(m[1].toUpperCase(), (byTechnique.get(m[1].toUpperCase()) ?? 0) + 1);
    }
    const slot = Math.min(23, Math.max(0, Math.floor((r.createdAt - hourly[0].start) / HOUR_MS)));
    hourly[slot].count++;
  }
  const top = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([label, value]) => ({ label, value }));
  return {
    total: rows.length,
    byHost: top(byHost),
    byTechnique: top(byTechnique),
    hourly: hourly.map((h) => ({ hour: new Date(h.start).toISOString(), count: h.count })),
  };
}
