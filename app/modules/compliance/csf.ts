/**
 * CSF 1.1 ids in CSF 2.0 terms, through the catalogue's own withdrawn links:
 * NIST's CSF 2.0 OSCAL catalogue keeps each 1.1 element as a withdrawn item
 * with `moved_to` (renamed, same content) or `incorporated_into` (merged into
 * one or more 2.0 elements) links. Mappings written against 1.1 (and older
 * audits) therefore land on the 2.0 requirements without a hand-kept table.
 */
import type { CatalogueItem } from "./loaders";

export type Csf11Mapping = { id: string; status: "active" | "withdrawn"; targets: string[] };

/**
 * The CSF 2.0 ids a CSF 1.1 (or 2.0) id corresponds to, or null for an id the
 * catalogue does not know. Active ids map to themselves; withdrawn ones follow
 * their links (transitively, should a link point at another withdrawn id).
 * A withdrawn category without links of its own (PR.IP, PR.PT, DE.DP) maps to
 * where its subcategories went.
 */
export function csf11To20(items: readonly CatalogueItem[], id: string): Csf11Mapping | null {
  const byId = new Map(items.map((i) => [i.id, i]));
  const start = byId.get(id);
  if (!start) return null;
  if (!start.withdrawn) return { id, status: "active", targets: [id] };
  const targets: string[] = [];
  const seen = new Set<string>();
  const visit = (itemId: string) => {
    if (seen.has(itemId)) return;
    seen.add(itemId);
    const item = byId.get(itemId);
    if (!item) return;
    if (!item.withdrawn) {
      if (!targets.includes(itemId)) targets.push(itemId);
      return;
    }
    if (item.links?.length) {
      for (const link of item.links) if (link.rel === "moved_to" || link.rel === "incorporated_into") visit(link.href);
    } else {
      for (const child of items) if (child.parentId === itemId) visit(child.id);
    }
  };
  visit(id);
  return { id, status: "withdrawn", targets };
}

/**
 * The assessable CSF 2.0 requirements (subcategories) behind an id of either
 * version: a subcategory is itself, a category or function stands for its
 * active subcategories.
 */
export function csfRequirementsFor(items: readonly CatalogueItem[], id: string): string[] {
  const mapped = csf11To20(items, id);
  if (!mapped) return [];
  const out: string[] = [];
  const add = (x: string) => {
    if (!out.includes(x)) out.push(x);
  };
  const expand = (target: string) => {
    const item = items.find((i) => i.id === target);
    if (!item || item.withdrawn) return;
    if (item.assessable) return add(item.id);
    for (const child of items) if (child.parentId === item.id && !child.withdrawn) expand(child.id);
  };
  mapped.targets.forEach(expand);
  return out;
}
