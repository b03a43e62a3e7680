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
import { sqlite } from "~/lib/db.server";
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
export const catalogDir = () => path.resolve(process.env.RAMPART_CATALOG_DIR ?? "db/catalogs");

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

/** Makes sure every framework's catalogue is in the database (cheap after the first call on a connection). */
export function ensureCatalogs(): void {
  const conn = sqlite();
  if (loadedFor === conn) return;
  const current = new Map(
    (
      conn.prepare("SELECT framework, version FROM compliance_catalog_versions").all() as {
        framework: string;
        version: string;
      }[]
    ).map((r) => [r.framework, r.version]),
  );
  for (const framework of FRAMEWORKS) {
    const version = fileVersion(framework);
    if (current.get(framework.key) === version) continue;
    const items = parseCatalogue(framework);
    const baselines = (framework.baselines ?? []).map((b) => ({
      key: b.key,
      ids: parseBaseline(framework, b.key, items),
    }));
    const insertItem = conn.prepare(
      `INSERT INTO compliance_catalog_items
         (framework, item_id, parent_id, kind, title, statement, sort_index, assessable, withdrawn, requirement, links)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertBaseline = conn.prepare(
      "INSERT INTO compliance_baseline_items (framework, baseline, item_id) VALUES (?, ?, ?)",
    );
    conn.transaction(() => {
      conn.prepare("DELETE FROM compliance_catalog_items WHERE framework = ?").run(framework.key);
      conn.prepare("DELETE FROM compliance_baseline_items WHERE framework = ?").run(framework.key);
      items.forEach((i, n) =>
        insertItem.run(
          framework.key,
          i.id,
          i.parentId,
          i.kind,
          i.title,
          i.statement,
          n,
          i.assessable ? 1 : 0,
          i.withdrawn ? 1 : 0,
          i.requirement,
          i.links ? JSON.stringify(i.links) : null,
        ),
      );
      for (const b of baselines) for (const id of b.ids) insertBaseline.run(framework.key, b.key, id);
      conn
        .prepare(
          `INSERT INTO compliance_catalog_versions (framework, version, loaded_at) VALUES (?, ?, ?)
           ON CONFLICT(framework) DO UPDATE SET version = excluded.version, loaded_at = excluded.loaded_at`,
        )
        .run(framework.key, version, Date.now());
    })();
  }
  loadedFor = conn;
}

/** The catalogue items of one framework as stored (for CSF 1.1 resolution and mapping checks). */
export function storedCatalogue(frameworkKey: string): CatalogueItem[] {
  ensureCatalogs();
  const rows = sqlite()
    .prepare(
      `SELECT item_id, parent_id, kind, title, statement, assessable, withdrawn, requirement, links
       FROM compliance_catalog_items WHERE framework = ? ORDER BY sort_index`,
    )
    .all(frameworkKey) as {
    item_id: string;
    parent_id: string | null;
    kind: string;
    title: string;
    statement: string | null;
    assessable: number;
    withdrawn: number;
    requirement: string | null;
    links: string | null;
  }[];
  return rows.map((r) => ({
    id: r.item_id,
    parentId: r.parent_id,
    kind: r.kind,
    title: r.title,
    statement: r.statement,
    assessable: r.assessable === 1,
    withdrawn: r.withdrawn === 1,
    requirement: r.requirement,
    links: r.links ? (JSON.parse(r.links) as { rel: string; href: string }[]) : null,
  }));
}
