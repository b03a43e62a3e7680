/**
 * The catalogues in SQLite. Each framework's files (db/catalogs/) are parsed
 * by their format's loader and written into compliance_catalog_items (and the
 * baselines into compliance_baseline_items) once per database: the version
 * row holds the files' SHA-256, so a changed catalogue file is loaded again
 * and an unchanged one never is. Pages then query the few rows they show.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { complianceBaselineItems, complianceCatalogItems, complianceCatalogVersions } from "./schema";
import { db, excluded } from "~/lib/db.server";
import { envVar } from "~/lib/env.server";
import { FRAMEWORKS, type Framework } from "./frameworks";
import {
  loadCsfJson,
  loadHipaaRegulationText,
  loadHipaaStructureJson,
  loadOpenControlYaml,
  loadOscalCatalogJson,
  loadOscalProfileJson,
  oscalToOpenControlId,
  type CatalogueItem,
} from "./loaders";

/** Relative to the app's root (npm start runs there), like db/migrations and db/seed. */
export const catalogDir = () => path.resolve(envVar("RAMPART_CATALOG_DIR"));

const read = (file: string) => fs.readFileSync(path.join(catalogDir(), file), "utf8");

export function parseCatalogue(framework: Framework, text = read(framework.file)): CatalogueItem[] {
  switch (framework.format) {
    case "csf-json":
      return loadCsfJson(text);
    case "opencontrol-yaml":
      return loadOpenControlYaml(text);
    case "oscal-catalog-json":
      return loadOscalCatalogJson(text);
    case "hipaa-structure-json": {
      const items = loadHipaaStructureJson(text);
      if (!framework.textDir) return items;
      const statements = loadHipaaRegulationText(
        regulationFiles(framework.textDir),
        items.map((i) => i.id),
      );
      return items.map((i) => ({ ...i, statement: statements.get(i.id) ?? i.statement }));
    }
  }
}

/** The regulation's section files ("164-308-administrative-safeguards.md" is §164.308), in name order. */
export function regulationFiles(dir: string) {
  return fs
    .readdirSync(path.join(catalogDir(), dir))
    .filter((f) => /^\d{3}-\d{3}-.*\.md$/.test(f))
    .sort()
    .map((f) => ({ section: f.slice(0, 7).replace("-", "."), text: read(path.join(dir, f)) }));
}

/** A baseline's requirement ids in the catalogue's id form; every id must exist in the catalogue. */
export function parseBaseline(framework: Framework, baselineKey: string, items: readonly CatalogueItem[]): string[] {
  const baseline = framework.baselines?.find((b) => b.key === baselineKey);
  if (!baseline) throw new Error(`${framework.key} has no baseline ${baselineKey}`);
  const known = new Set(items.map((i) => i.id));
  return loadOscalProfileJson(read(baseline.file)).ids.map((oscalId) => {
    const id = oscalToOpenControlId(oscalId);
    if (!known.has(id)) throw new Error(`${baseline.file}: ${oscalId} is not in the ${framework.key} catalogue`);
    return id;
  });
}

function fileVersion(framework: Framework): string {
  const hash = createHash("sha256");
  for (const file of [framework.file, ...(framework.baselines ?? []).map((b) => b.file)]) {
    hash
      .update(file)
      .update("\0")
      .update(fs.readFileSync(path.join(catalogDir(), file)));
  }
  for (const f of framework.textDir ? regulationFiles(framework.textDir) : [])
    hash.update(f.section).update("\0").update(f.text);
  return hash.digest("hex");
}

let loadedFor: unknown = null;

/** Rows per multi-row INSERT while loading a catalogue (11 columns each, far under SQLite's variable limit). */
const CHUNK = 200;

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/** Makes sure every framework's catalogue is in the database (cheap after the first call on a connection). */
export function ensureCatalogs(): void {
  // The connection (a new one after useDatabase()) says whether this database was checked.
  const connection = db.$client;
  if (loadedFor === connection) return;
  const current = new Map(
    db
      .select({ framework: complianceCatalogVersions.framework, version: complianceCatalogVersions.version })
      .from(complianceCatalogVersions)
      .all()
      .map((r) => [r.framework, r.version]),
  );
  for (const framework of FRAMEWORKS) {
    const version = fileVersion(framework);
    if (current.get(framework.key) === version) continue;
    const items = parseCatalogue(framework);
    const baselines = (framework.baselines ?? []).map((b) => ({
      key: b.key,
      ids: parseBaseline(framework, b.key, items),
    }));
    db.transaction(() => {
      db.delete(complianceCatalogItems).where(eq(complianceCatalogItems.framework, framework.key)).run();
      db.delete(complianceBaselineItems).where(eq(complianceBaselineItems.framework, framework.key)).run();
      const rows = items.map((i, n) => ({
        framework: framework.key,
        itemId: i.id,
        parentId: i.parentId,
        kind: i.kind,
        title: i.title,
        statement: i.statement,
        sortIndex: n,
        assessable: i.assessable,
        withdrawn: i.withdrawn,
        requirement: i.requirement,
        links: i.links ?? null,
      }));
      for (const chunk of chunks(rows)) db.insert(complianceCatalogItems).values(chunk).run();
      const baselineRows = baselines.flatMap((b) =>
        b.ids.map((itemId) => ({ framework: framework.key, baseline: b.key, itemId })),
      );
      for (const chunk of chunks(baselineRows)) db.insert(complianceBaselineItems).values(chunk).run();
      db.insert(complianceCatalogVersions)
        .values({ framework: framework.key, version, loadedAt: Date.now() })
        .onConflictDoUpdate({
          target: complianceCatalogVersions.framework,
          set: {
            version: excluded(complianceCatalogVersions.version),
            loadedAt: excluded(complianceCatalogVersions.loadedAt),
          },
        })
        .run();
    });
  }
  loadedFor = connection;
}

/** The catalogue items of one framework as stored (for CSF 1.1 resolution and mapping checks). */
export function storedCatalogue(frameworkKey: string): CatalogueItem[] {
  ensureCatalogs();
  const c = complianceCatalogItems;
  return db
    .select({
      id: c.itemId,
      parentId: c.parentId,
      kind: c.kind,
      title: c.title,
      statement: c.statement,
      assessable: c.assessable,
      withdrawn: c.withdrawn,
      requirement: c.requirement,
      links: c.links,
    })
    .from(c)
    .where(eq(c.framework, frameworkKey))
    .orderBy(c.sortIndex)
    .all();
}
