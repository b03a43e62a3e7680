/**
 * Loading a Sigma rule (specification v2) from YAML and compiling it once into a closure over an EventView.
 * Errors carry the line of the offending YAML node so the API can say "line 12: unknown modifier 'foo'".
 */
import { isMap, isScalar, LineCounter, parseAllDocuments, type Document, type Node } from "yaml";
import { compileCondition, parseCondition, type CondNode } from "./condition";
import { eventStrings, logsourceKey, SECURITY_4688_RENAMES, type EventView, type LogSource } from "./logsource";
import { compileFieldValues, compileKeyword, SigmaRuleError, type CompileOptions, type FieldTest } from "./values";

export { SigmaRuleError };

export const LEVELS = ["informational", "low", "medium", "high", "critical"] as const;
export type Level = (typeof LEVELS)[number];
export const STATUSES = ["stable", "test", "experimental", "deprecated", "unsupported"] as const;

/** The most YAML a rule may have: SigmaHQ's largest rules are ~40 kB. */
export const MAX_RULE_BYTES = 256 * 1024;

export interface SigmaRule {
  title: string;
  id: string | null;
  /** The rule's `name` (Sigma v2): how a correlation rule may refer to it. */
  name: string | null;
  status: string | null;
  level: Level | null;
  description: string | null;
  author: string | null;
  license: string | null;
  references: string[];
  tags: string[];
  date: string | null;
  logsource: LogSource;
  logsourceKey: string;
  /** Runs the rule's detection on one event view (logsource gating is the RuleSet's job, see `matches`). */
  detect: (ev: EventView) => boolean;
  /** The compiled selections and conditions, kept so `explainMatch` can say which part did not match. */
  selections: SelectionSpec[];
  conditions: { text: string; tree: CondNode }[];
}

/**
 * One test of a selection as written: `field|mods: expected` (field null for keywords and field-less modifiers),
 * with the same compiled closure `detect` runs, so an explanation cannot disagree with the engine.
 */
export interface ItemSpec {
  field: string | null;
  modifiers: string[];
  expected: unknown[];
  test: (ev: EventView) => boolean;
  read: ((ev: EventView) => unknown) | null;
}
/** A selection: any of its alternatives (a list of maps), each of which needs all its items (a map). */
export interface SelectionSpec {
  name: string;
  alternatives: ItemSpec[][];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function nodeLine(doc: Document, lc: LineCounter, path: (string | number)[]): number | undefined {
  const node = doc.getIn(path, true) as Node | undefined;
  const offset = node?.range?.[0];
  return offset === undefined ? undefined : lc.linePos(offset).line;
}

function keyLine(doc: Document, lc: LineCounter, path: (string | number)[], key: string): number | undefined {
  const parent = doc.getIn(path, true);
  if (isMap(parent)) {
    for (const item of parent.items) {
      if (isScalar(item.key) && item.key.value === key && item.key.range) return lc.linePos(item.key.range[0]).line;
    }
  }
  return nodeLine(doc, lc, [...path, key]);
}

function optString(v: unknown, what: string, line?: number): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === "string") return v;
  if (typeof v === "number" || v instanceof Date) return String(v instanceof Date ? v.toISOString().slice(0, 10) : v);
  throw new SigmaRuleError(`'${what}' must be a string`, line);
}

function stringList(v: unknown, what: string, line?: number): string[] {
  if (v === undefined || v === null) return [];
  if (typeof v === "string") return [v];
  if (Array.isArray(v) && v.every((x) => typeof x === "string" || typeof x === "number")) return v.map(String);
  throw new SigmaRuleError(`'${what}' must be a list of strings`, line);
}

type Reader = (ev: EventView) => unknown;

function fieldReader(name: string, processCreation: boolean): Reader {
  const path = name.includes(".") ? name.split(".") : null;
  const direct = (fields: Record<string, unknown>, n: string, p: string[] | null) => {
    const v = fields[n];
    if (v !== undefined || !p) return v;
    let cur: unknown = fields;
    for (const part of p) {
      if (!cur || typeof cur !== "object") return undefined;
      cur = (cur as Record<string, unknown>)[part];
    }
    return cur;
  };
  const renamed = processCreation ? SECURITY_4688_RENAMES[name] : undefined;
  if (renamed) return (ev) => direct(ev.fields, ev.is4688 ? renamed : name, path);
  return (ev) => direct(ev.fields, name, path);
}

type Detect = (ev: EventView) => boolean;

/** The line of `key` in the map at a YAML path (for errors). */
type LineOf = (path: (string | number)[], key?: string) => number | undefined;

interface Compiled {
  detect: Detect;
  alternatives: ItemSpec[][];
}

function compileMap(
  map: Record<string, unknown>,
  processCreation: boolean,
  options: CompileOptions,
  line: number | undefined,
  lineOf?: LineOf,
  path: (string | number)[] = [],
): Compiled {
  const parts: Detect[] = [];
  const items: ItemSpec[] = [];
  const expectedOf = (v: unknown) => (Array.isArray(v) ? v : [v]);
  const entries = Object.entries(map);
  if (entries.length === 0) throw new SigmaRuleError("a selection must not be empty", line);
  for (const [key, value] of entries) {
    const [field, ...mods] = key.split("|");
    let test: FieldTest;
    try {
      test = compileFieldValues(mods, value, options);
    } catch (e) {
      if (e instanceof SigmaRuleError)
        throw new SigmaRuleError(`field '${key}': ${e.message}`, lineOf?.(path, key) ?? line);
      throw e;
    }
    if (field === "") {
      // `|contains: [...]` without a field name: keywords with modifiers, over every value of the event
      const part: Detect = (ev) => eventStrings(ev).some((s) => test(s, () => undefined));
      parts.push(part);
      items.push({ field: null, modifiers: mods, expected: expectedOf(value), test: part, read: null });
      continue;
    }
    const read = fieldReader(field, processCreation);
    const readOther = (ev: EventView) => (name: string) => fieldReader(name, processCreation)(ev);
    const usesRef = mods.includes("fieldref");
    const part: Detect = usesRef ? (ev) => test(read(ev), readOther(ev)) : (ev) => test(read(ev), noRead);
    parts.push(part);
    items.push({ field, modifiers: mods, expected: expectedOf(value), test: part, read });
  }
  if (parts.length === 1) return { detect: parts[0], alternatives: [items] };
  return {
    detect: (ev) => {
      for (const p of parts) if (!p(ev)) return false;
      return true;
    },
    alternatives: [items],
  };
}
const noRead = () => undefined;

function compileSelection(
  value: unknown,
  processCreation: boolean,
  options: CompileOptions,
  line?: number,
  lineOf?: LineOf,
  path: (string | number)[] = [],
): Compiled {
  if (Array.isArray(value)) {
    if (value.length === 0) throw new SigmaRuleError("a selection must not be an empty list", line);
    const parts: Detect[] = [];
    const alternatives: ItemSpec[][] = [];
    const keywords: ((strings: string[]) => boolean)[] = [];
    const keywordValues: unknown[] = [];
    for (const [i, item] of value.entries()) {
      if (item && typeof item === "object" && !Array.isArray(item)) {
        const c = compileMap(
          item as Record<string, unknown>,
          processCreation,
          options,
          lineOf?.([...path, i]) ?? line,
          lineOf,
          [...path, i],
        );
        parts.push(c.detect);
        alternatives.push(...c.alternatives);
      } else if (Array.isArray(item)) throw new SigmaRuleError("a selection list must hold maps or values", line);
      else {
        try {
          keywords.push(compileKeyword(item));
          keywordValues.push(item);
        } catch (e) {
          throw new SigmaRuleError((e as Error).message, line);
        }
      }
    }
    if (keywords.length) {
      const part: Detect = (ev) => keywords.some((k) => k(eventStrings(ev)));
      parts.push(part);
      alternatives.push([{ field: null, modifiers: [], expected: keywordValues, test: part, read: null }]);
    }
    return { detect: parts.length === 1 ? parts[0] : (ev) => parts.some((p) => p(ev)), alternatives };
  }
  if (value && typeof value === "object")
    return compileMap(value as Record<string, unknown>, processCreation, options, line, lineOf, path);
  if (value === null || value === undefined) throw new SigmaRuleError("a selection must not be empty", line);
  const kw = compileKeyword(value);
  const detect: Detect = (ev) => kw(eventStrings(ev));
  return { detect, alternatives: [[{ field: null, modifiers: [], expected: [value], test: detect, read: null }]] };
}

/**
 * Parses and compiles one rule. Throws SigmaRuleError (with a line when known) for anything malformed, and for an
 * `|expand` placeholder missing from `options.placeholders` (the tenant's lists).
 */
export function loadSigmaRule(yamlText: string, options: CompileOptions = {}): SigmaRule {
  try {
    return loadUnchecked(yamlText, options);
  } catch (e) {
    if (e instanceof SigmaRuleError) throw e;
    // the YAML library's own errors (unresolved alias, alias bombs ...) are the user's input problem too
    throw new SigmaRuleError(`cannot read the rule: ${(e as Error).message.split("\n")[0]}`);
  }
}

function loadUnchecked(yamlText: string, options: CompileOptions): SigmaRule {
  if (typeof yamlText !== "string" || yamlText.trim() === "") throw new SigmaRuleError("the rule is empty");
  if (Buffer.byteLength(yamlText) > MAX_RULE_BYTES)
    throw new SigmaRuleError(`the rule is larger than ${MAX_RULE_BYTES} bytes`);
  const lc = new LineCounter();
  const docs = parseAllDocuments(yamlText, { lineCounter: lc, uniqueKeys: true });
  if (!Array.isArray(docs)) throw new SigmaRuleError("the rule is empty");
  const nonEmpty = docs.filter((d) => d.contents !== null || d.errors.length);
  if (nonEmpty.length === 0) throw new SigmaRuleError("the rule is empty");
  if (nonEmpty.length > 1)
    throw new SigmaRuleError(
      "one rule per document: rule collections (several YAML documents) are not supported",
      lc.linePos(nonEmpty[1].range[0]).line,
    );
  const doc = nonEmpty[0];
  if (doc.errors.length) {
    const err = doc.errors[0];
    throw new SigmaRuleError(`YAML: ${err.message.split("\n")[0]}`, err.linePos?.[0]?.line);
  }
  const data = doc.toJS({ maxAliasCount: 50 }) as unknown;
  if (!data || typeof data !== "object" || Array.isArray(data))
    throw new SigmaRuleError("a rule must be a YAML map", 1);
  const r = data as Record<string, unknown>;
  const line = (key: string) => keyLine(doc, lc, [], key);

  // correlation documents are read by correlation.ts (loadSigmaFile), which hands plain rules to this function
  if (r.correlation !== undefined)
    throw new SigmaRuleError("a correlation rule: load it with its referenced rules", line("correlation"));
  if (r.filter !== undefined && r.detection === undefined)
    throw new SigmaRuleError("filter rules are not supported", line("filter"));
  if (typeof r.title !== "string" || r.title.trim() === "")
    throw new SigmaRuleError("'title' is required and must be a string", line("title"));
  if (r.title.length > 256) throw new SigmaRuleError("'title' is longer than 256 characters", line("title"));
  const id = optString(r.id, "id", line("id"));
  if (id !== null && !UUID.test(id)) throw new SigmaRuleError(`'id' must be a UUID, got '${id}'`, line("id"));
  const status = optString(r.status, "status", line("status"));
  if (status !== null && !(STATUSES as readonly string[]).includes(status))
    throw new SigmaRuleError(`'status' must be one of ${STATUSES.join(", ")}; got '${status}'`, line("status"));
  const level = optString(r.level, "level", line("level"));
  if (level !== null && !(LEVELS as readonly string[]).includes(level))
    throw new SigmaRuleError(`'level' must be one of ${LEVELS.join(", ")}; got '${level}'`, line("level"));

  if (!r.logsource || typeof r.logsource !== "object" || Array.isArray(r.logsource))
    throw new SigmaRuleError("'logsource' is required and must be a map", line("logsource"));
  const lsRaw = r.logsource as Record<string, unknown>;
  const logsource: LogSource = {};
  for (const k of ["product", "category", "service"] as const) {
    const v = optString(lsRaw[k], `logsource.${k}`, keyLine(doc, lc, ["logsource"], k));
    if (v !== null) logsource[k] = v;
  }

  if (!r.detection || typeof r.detection !== "object" || Array.isArray(r.detection))
    throw new SigmaRuleError("'detection' is required and must be a map", line("detection"));
  const det = r.detection as Record<string, unknown>;
  if (det.condition === undefined) throw new SigmaRuleError("'detection.condition' is required", line("detection"));
  const processCreation = (logsource.category ?? "").toLowerCase() === "process_creation";
  const selections = new Map<string, Detect>();
  const specs: SelectionSpec[] = [];
  for (const [name, value] of Object.entries(det)) {
    if (name === "condition" || name === "timeframe") continue;
    const l = keyLine(doc, lc, ["detection"], name);
    try {
      const lineOf: LineOf = (p, key) => (key === undefined ? nodeLine(doc, lc, p) : keyLine(doc, lc, p, key));
      const c = compileSelection(value, processCreation, options, l, lineOf, ["detection", name]);
      selections.set(name, c.detect);
      specs.push({ name, alternatives: c.alternatives });
    } catch (e) {
      if (e instanceof SigmaRuleError) throw new SigmaRuleError(`selection '${name}': ${e.message}`, e.line ?? l);
      throw e;
    }
  }
  const condLine = keyLine(doc, lc, ["detection"], "condition");
  const conditions = Array.isArray(det.condition) ? det.condition : [det.condition];
  if (conditions.length === 0 || conditions.some((c) => typeof c !== "string"))
    throw new SigmaRuleError("'condition' must be a string (or a list of strings)", condLine);
  const names = [...selections.keys()];
  let detect: Detect;
  let trees: { text: string; tree: CondNode }[];
  try {
    trees = (conditions as string[]).map((c) => ({ text: c, tree: parseCondition(c, names) }));
    const compiled = trees.map((c) => compileCondition(c.tree, selections));
    detect = compiled.length === 1 ? compiled[0] : (ev) => compiled.some((c) => c(ev));
  } catch (e) {
    if (e instanceof SigmaRuleError) throw new SigmaRuleError(e.message, condLine);
    throw e;
  }

  return {
    title: r.title.trim(),
    id,
    name: optString(r.name, "name", line("name")),
    status,
    level: level as Level | null,
    description: optString(r.description, "description", line("description")),
    author: optString(r.author, "author", line("author")),
    license: optString(r.license, "license", line("license")),
    references: stringList(r.references, "references", line("references")),
    tags: stringList(r.tags, "tags", line("tags")),
    date: optString(r.date, "date", line("date")),
    logsource,
    logsourceKey: logsourceKey(logsource),
    detect,
    selections: specs,
    conditions: trees,
  };
}

/** "line 12: unknown modifier 'foo'" */
export function describeRuleError(e: SigmaRuleError): string {
  return e.line ? `line ${e.line}: ${e.message}` : e.message;
}
