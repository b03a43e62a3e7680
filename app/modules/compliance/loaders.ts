/**
 * One loader per catalogue format. Each takes the file's text and returns the
 * catalogue in one normalised shape (CatalogueItem), so a new framework in a
 * known format is added as data (frameworks.ts) without code. Loaders are
 * strict: a file that does not have the format's shape throws, naming what is
 * wrong, instead of loading half a catalogue.
 *
 * Formats:
 * - csf-json: NIST CSF 2.0 as transcribed from the OSCAL catalogue (flat items
 *   with class, parent, status and withdrawn links).
 * - opencontrol-yaml: the OpenControl standards format (`AC-2 (1): {family, name, description}`).
 * - oscal-profile-json: an OSCAL profile (baseline) selecting control ids
 *   from a catalogue (`profile.imports[].include-controls[].with-ids`).
 * - hipaa-structure-json: the HIPAA Security Rule's standards and
 *   implementation specifications (kind, title, Required/Addressable).
 * - oscal-catalog-json: an OSCAL catalog (groups, controls, enhancements,
 *   statements with parameters), the form NIST publishes its catalogues in.
 */
import { parse as parseYaml } from "yaml";
import { DomainError } from "~/lib/errors";

export type CatalogueItem = {
  id: string;
  parentId: string | null;
  kind: string;
  title: string;
  statement: string | null;
  /** A requirement a tenant assesses (has a status of its own). */
  assessable: boolean;
  withdrawn: boolean;
  /** HIPAA: "Standard", "Required" or "Addressable". */
  requirement: string | null;
  /** Withdrawn CSF 1.1 ids: where their content went in 2.0. */
  links: { rel: string; href: string }[] | null;
};

export class CatalogueFormatError extends DomainError {}

function fail(format: string, message: string): never {
  throw new CatalogueFormatError(`${format}: ${message}`);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** CSF 2.0 (transcribed OSCAL): subcategories are the requirements; functions and categories group them. */
export function loadCsfJson(text: string): CatalogueItem[] {
  const F = "csf-json";
  const doc = JSON.parse(text) as unknown;
  if (!isObject(doc) || !Array.isArray(doc.items)) fail(F, "expected an object with an items array");
  return doc.items.map((raw, i) => {
    if (!isObject(raw)) fail(F, `item ${i} is not an object`);
    const { id, class: kind, title, parent, status, statement, links } = raw;
    if (typeof id !== "string" || !id) fail(F, `item ${i} has no id`);
    if (kind !== "function" && kind !== "category" && kind !== "subcategory") fail(F, `${id}: unknown class ${kind}`);
    if (status !== "active" && status !== "withdrawn") fail(F, `${id}: unknown status ${status}`);
    const withdrawn = status === "withdrawn";
    return {
      id,
      parentId: typeof parent === "string" ? parent : null,
      kind,
      // A subcategory's title is its id in the source; its statement is what people read as its name.
      title:
        kind === "subcategory" && typeof statement === "string" ? statement : typeof title === "string" ? title : id,
      statement: typeof statement === "string" ? statement : null,
      assessable: kind === "subcategory" && !withdrawn,
      withdrawn,
      requirement: null,
      links: Array.isArray(links)
        ? links.filter(isObject).map((l) => ({ rel: String(l.rel), href: String(l.href) }))
        : null,
    };
  });
}

const OPENCONTROL_ID = /^([A-Z]{2})-(\d+)(?: \((\d+)\))?$/;

/**
 * OpenControl YAML: a map of control ids to {family, name, description}, plus
 * the standard's `name`. Entries whose description is empty are the
 * withdrawn controls and enhancements (the file keeps their names only).
 */
export function loadOpenControlYaml(text: string): CatalogueItem[] {
  const F = "opencontrol-yaml";
  const doc = parseYaml(text, { maxAliasCount: 0 }) as unknown;
  if (!isObject(doc)) fail(F, "expected a map of control ids");
  const items: CatalogueItem[] = [];
  for (const [key, value] of Object.entries(doc)) {
    if (key === "name") continue;
    const m = OPENCONTROL_ID.exec(key);
    if (!m) fail(F, `unexpected key ${key}`);
    if (!isObject(value) || typeof value.name !== "string") fail(F, `${key} has no name`);
    if (value.family !== m[1]) fail(F, `${key} is filed under family ${String(value.family)}`);
    const description = typeof value.description === "string" ? value.description.trim() : "";
    items.push({
      id: key,
      parentId: m[3] ? `${m[1]}-${m[2]}` : null,
      kind: m[3] ? "enhancement" : "control",
      title: value.name,
      statement: description || null,
      assessable: true,
      withdrawn: description === "",
      requirement: null,
      links: null,
    });
  }
  return items;
}

const OSCAL_ID = /^([a-z]{2})-(\d+)(?:\.(\d+))?$/;

/** An OSCAL control id (`ac-2.1`) in the OpenControl and printed form (`AC-2 (1)`). */
export function oscalToOpenControlId(oscalId: string): string {
  const m = OSCAL_ID.exec(oscalId);
  if (!m) throw new CatalogueFormatError(`oscal: unexpected control id ${oscalId}`);
  return `${m[1].toUpperCase()}-${m[2]}${m[3] ? ` (${m[3]})` : ""}`;
}

/** The OSCAL control ids an OSCAL profile (a baseline) selects, in the profile's order. */
export function loadOscalProfileJson(text: string): { title: string; ids: string[] } {
  const F = "oscal-profile-json";
  const doc = JSON.parse(text) as unknown;
  if (!isObject(doc) || !isObject(doc.profile)) fail(F, "expected an object with a profile");
  const { imports, metadata } = doc.profile;
  if (!Array.isArray(imports)) fail(F, "profile has no imports");
  const ids: string[] = [];
  for (const imp of imports) {
    if (!isObject(imp)) fail(F, "an import is not an object");
    if (imp["include-all"] !== undefined) fail(F, "include-all profiles are not supported: list the controls");
    for (const inc of (imp["include-controls"] as unknown[]) ?? []) {
      if (!isObject(inc) || !Array.isArray(inc["with-ids"])) fail(F, "include-controls without with-ids");
      for (const id of inc["with-ids"]) {
        if (typeof id !== "string" || !OSCAL_ID.test(id)) fail(F, `unexpected control id ${String(id)}`);
        ids.push(id);
      }
    }
  }
  if (new Set(ids).size !== ids.length) fail(F, "a control is selected twice");
  const title = isObject(metadata) && typeof metadata.title === "string" ? metadata.title : "";
  return { title, ids };
}

/**
 * HIPAA Security Rule structure: standards and their implementation
 * specifications, each Required or Addressable. Every standard and every
 * specification is assessed. A specification's parent is the standard
 * before it in the file (the regulation's order).
 */
export function loadHipaaStructureJson(text: string): CatalogueItem[] {
  const F = "hipaa-structure-json";
  const doc = JSON.parse(text) as unknown;
  if (!isObject(doc) || !Array.isArray(doc.items)) fail(F, "expected an object with an items array");
  let standard: string | null = null;
  return doc.items.map((raw, i) => {
    if (!isObject(raw) || typeof raw.id !== "string" || typeof raw.title !== "string")
      fail(F, `item ${i} needs an id and a title`);
    if (raw.kind === "standard") {
      standard = raw.id;
      return {
        id: raw.id,
        parentId: null,
        kind: "standard",
        title: raw.title,
        statement: null,
        assessable: true,
        withdrawn: false,
        requirement: "Standard",
        links: null,
      };
    }
    if (raw.kind !== "implementation_specification") fail(F, `${raw.id}: unknown kind ${String(raw.kind)}`);
    if (raw.requirement !== "Required" && raw.requirement !== "Addressable")
      fail(F, `${raw.id}: requirement must be Required or Addressable`);
    if (!standard) fail(F, `${raw.id}: a specification before any standard`);
    return {
      id: raw.id,
      parentId: standard,
      kind: "implementation_specification",
      title: raw.title,
      statement: null,
      assessable: true,
      withdrawn: false,
      requirement: raw.requirement,
      links: null,
    };
  });
}

/**
 * The HIPAA Security Rule's text (45 CFR 164.3xx as markdown, one file per section) as paragraph text per
 * CFR id, so each standard and specification shows what the regulation says. Paragraph levels come from the
 * label's kind, as the CFR numbers them ((a), (1), (i), (A)), not from the markdown's quote depth, which the
 * files do not use consistently. An id's text is its own paragraph plus the paragraphs under it that are not
 * ids of their own (164.316(b)(1)'s (i) and (ii), for example), in order.
 */
export function loadHipaaRegulationText(files: readonly { section: string; text: string }[], ids: readonly string[]) {
  const wanted = new Set(ids);
  const paragraphs: { id: string; text: string }[] = [];
  for (const file of files) {
    const path: string[] = [];
    let current: { id: string; text: string } | null = null;
    let paragraphStart = true;
    for (const raw of file.text.replace(/&#40;/g, "(").split("\n")) {
      const line = raw.replace(/^(\s*>\s?)+/, "").trim();
      const m = /^\(([a-z]+|\d+|[A-Z]+)\)\s*(.*)$/.exec(line);
      // A label opens a paragraph: after a blank line, or on a quoted line. A wrapped line that happens to start
      // with "(a)(4) of this section" continues the paragraph before it.
      const opens = m && (paragraphStart || raw.trimStart().startsWith(">"));
      // not /^(\s*>\s?)+\s*$/: its two ways to split each blank after a ">" backtracked exponentially
      paragraphStart = line === "" || /^\s*>[\s>]*$/.test(raw);
      if (m && opens) {
        const label = m[1];
        const level = /^\d+$/.test(label)
          ? 1
          : /^[A-Z]+$/.test(label)
            ? 3
            : /^[ivx]+$/.test(label) && path[1] !== undefined
              ? 2
              : 0;
        path.length = level;
        path[level] = `(${label})`;
        current = { id: `${file.section}${path.join("")}`, text: m[2] };
        paragraphs.push(current);
      } else if (line && current) {
        current.text += ` ${line}`;
      }
    }
  }
  const clean = (t: string) =>
    t
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      // The section's source note ("[68 FR 8376, Feb. 20, 2003, as amended ...]") is not the requirement's text.
      .replace(/\s*\[\d+ FR [^\]]*\]\s*$/, "")
      .replace(/\s+/g, " ")
      .trim();
  const out = new Map<string, string>();
  for (const id of wanted) {
    const own = paragraphs.filter((p) => p.id === id || (p.id.startsWith(id) && p.id.startsWith(`${id}(`)));
    // A descendant that is an id of its own keeps its text to itself (and so do its descendants).
    const parts = own.filter(
      (p) => p.id === id || ![...wanted].some((w) => w !== id && w.startsWith(`${id}(`) && p.id.startsWith(w)),
    );
    const text = parts
      .map((p) => (p.id === id ? p.text : `${p.id.slice(id.length)} ${p.text}`))
      .map(clean)
      .filter(Boolean)
      .join("\n");
    if (text) out.set(id, text);
  }
  return out;
}

type OscalProp = { name?: unknown; value?: unknown; class?: unknown };
type OscalPart = { name?: unknown; prose?: unknown; props?: OscalProp[]; parts?: OscalPart[] };
type OscalParam = { id?: unknown; label?: unknown; select?: { choice?: unknown[] } };
type OscalControl = {
  id?: unknown;
  class?: unknown;
  title?: unknown;
  props?: OscalProp[];
  params?: OscalParam[];
  parts?: OscalPart[];
  controls?: OscalControl[];
};

const assignment = (label: string) =>
  label.startsWith("organization-defined") ? label : `organization-defined ${label}`;

const propValue = (props: OscalProp[] | undefined, name: string) =>
  props?.find((p) => p.name === name && p.class === undefined)?.value ?? props?.find((p) => p.name === name)?.value;

/**
 * An OSCAL catalog (JSON): groups of controls, each with nested controls
 * (enhancements). Every control is a requirement; a control whose `status`
 * prop is `withdrawn` is kept as withdrawn. Ids: SP 800-53 style OSCAL ids
 * (`ac-2.1`) in the printed form used across Rampart (`AC-2 (1)`), any other
 * control by its `label` prop (`GV.OC-01` in the CSF catalog) or its id. The
 * statement is the `statement` part's prose with its item labels, parameters
 * shown as NIST prints them ("[Assignment: personnel or roles]").
 */
export function loadOscalCatalogJson(text: string): CatalogueItem[] {
  const F = "oscal-catalog-json";
  const doc = JSON.parse(text) as unknown;
  if (!isObject(doc) || !isObject(doc.catalog)) fail(F, "expected an object with a catalog");
  const catalog = doc.catalog as { groups?: unknown; controls?: unknown };
  const items: CatalogueItem[] = [];
  const idOf = (c: OscalControl) => {
    if (typeof c.id !== "string" || !c.id) fail(F, "a control has no id");
    if (OSCAL_ID.test(c.id)) return oscalToOpenControlId(c.id);
    const label = propValue(c.props, "label");
    return typeof label === "string" && label ? label : c.id;
  };
  const visit = (c: OscalControl, parentId: string | null, params: Map<string, string>) => {
    const id = idOf(c);
    if (typeof c.title !== "string") fail(F, `${id} has no title`);
    const own = new Map(params);
    for (const p of c.params ?? []) {
      if (typeof p.id !== "string") continue;
      const choices = p.select?.choice?.filter((x): x is string => typeof x === "string");
      own.set(
        p.id,
        choices?.length
          ? `[Selection: ${choices.join("; ")}]`
          : `[Assignment: ${assignment(typeof p.label === "string" ? p.label : p.id)}]`,
      );
    }
    const prose = (s: string) =>
      s.replace(/\{\{\s*insert:\s*param,\s*([^}\s]+)\s*\}\}/g, (_, pid) => own.get(pid) ?? "[Assignment]");
    const lines: string[] = [];
    const walk = (part: OscalPart, depth: number) => {
      const label = propValue(part.props, "label");
      const body = typeof part.prose === "string" ? prose(part.prose) : "";
      if (body || label)
        lines.push(`${"  ".repeat(depth)}${typeof label === "string" ? `${label} ` : ""}${body}`.trimEnd());
      for (const child of part.parts ?? []) walk(child, depth + 1);
    };
    for (const part of c.parts ?? [])
      if (part.name === "statement") {
        if (typeof part.prose === "string") lines.push(prose(part.prose));
        for (const child of part.parts ?? []) walk(child, 0);
      }
    items.push({
      id,
      parentId,
      kind: parentId ? "enhancement" : "control",
      title: c.title,
      statement: lines.join("\n") || null,
      assessable: true,
      withdrawn: propValue(c.props, "status") === "withdrawn",
      requirement: null,
      links: null,
    });
    for (const child of c.controls ?? []) visit(child, id, own);
  };
  const groups = Array.isArray(catalog.groups)
    ? (catalog.groups as { controls?: OscalControl[]; groups?: unknown }[])
    : [];
  const walkGroup = (g: { controls?: OscalControl[]; groups?: unknown }) => {
    for (const c of g.controls ?? []) visit(c, null, new Map());
    if (Array.isArray(g.groups)) for (const sub of g.groups) walkGroup(sub as typeof g);
  };
  groups.forEach(walkGroup);
  for (const c of (Array.isArray(catalog.controls) ? catalog.controls : []) as OscalControl[])
    visit(c, null, new Map());
  if (!items.length) fail(F, "the catalog has no controls");
  if (new Set(items.map((i) => i.id)).size !== items.length) fail(F, "a control id appears twice");
  return items;
}
