/**
 * Sigma correlation rules (specification v2.0.0, "Sigma Correlation Rules Specification"): meta-rules over the
 * matches of other rules: `event_count`, `value_count`, `temporal`, `temporal_ordered`, with `group-by`, `timespan`,
 * `condition` and `aliases`. A file may hold several YAML documents: the correlation and the rules it refers to (by
 * `name` or `id`); references not defined in the file are resolved against the tenant's stored rules.
 *
 * Evaluation is a pure function over events in stored order (time, then arrival), so streaming detection (which
 * recomputes from the events table over the timespan when a batch arrives) and a retro-hunt agree by construction,
 * and nothing lives only in memory: a restart loses no window.
 */
import { LineCounter, parseAllDocuments } from "yaml";
import type { EventView } from "./logsource";
import { matchEvent } from "./engine";
import { LEVELS, loadSigmaRule, MAX_RULE_BYTES, SigmaRuleError, type Level, type SigmaRule } from "./rule";
import type { CompileOptions } from "./values";

export const CORRELATION_TYPES = ["event_count", "value_count", "temporal", "temporal_ordered"] as const;
export type CorrelationType = (typeof CORRELATION_TYPES)[number];
export const CONDITION_OPERATORS = ["gt", "gte", "lt", "lte", "eq", "neq"] as const;
type Operator = (typeof CONDITION_OPERATORS)[number];

/** The longest timespan a correlation may use: streaming re-reads that much history per batch. */
export const MAX_TIMESPAN_MS = 24 * 60 * 60 * 1000;
/** The most groups one evaluation tracks; events of further groups are left out (the result says `truncated`). */
export const MAX_CORRELATION_GROUPS = 10_000;
/** How deep correlations may chain (a correlation of correlations of ...). */
export const MAX_CORRELATION_DEPTH = 4;
/** The most YAML documents in one file. */
export const MAX_DOCUMENTS = 20;

export interface CorrelationRule {
  kind: "correlation";
  title: string;
  id: string | null;
  name: string | null;
  level: Level | null;
  status: string | null;
  description: string | null;
  author: string | null;
  license: string | null;
  references: string[];
  tags: string[];
  type: CorrelationType;
  /** The referenced rules' names or ids, in the given order (the order matters for temporal_ordered). */
  rules: string[];
  groupBy: string[];
  timespanMs: number;
  timespan: string;
  condition: { ops: Partial<Record<Operator, number>>; field: string | null } | null;
  /** alias -> (rule name -> field of the events that rule matches) */
  aliases: Record<string, Record<string, string>>;
  generate: boolean;
}

export type AnyRule = (SigmaRule & { kind?: "rule" }) | CorrelationRule;

/** One YAML file: its plain rules, its correlations and the outermost one (what the file "is"). */
export interface SigmaFile {
  rules: SigmaRule[];
  correlations: CorrelationRule[];
  /** The outermost correlation (referenced by no other correlation in the file), or the single plain rule. */
  root: AnyRule;
}

export function isCorrelation(r: AnyRule): r is CorrelationRule {
  return (r as CorrelationRule).kind === "correlation";
}

const TIMESPAN = /^(\d{1,7})([smhd])$/;
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

function str(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === "string") return v;
  if (typeof v === "number") return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return null;
}
function strList(v: unknown, what: string, line?: number): string[] {
  if (v === undefined || v === null) return [];
  if (typeof v === "string") return [v];
  if (Array.isArray(v) && v.every((x) => typeof x === "string" || typeof x === "number")) return v.map(String);
  throw new SigmaRuleError(`'${what}' must be a list of strings`, line);
}

function parseCorrelation(r: Record<string, unknown>, line: (key: string) => number | undefined): CorrelationRule {
  const at = line("correlation");
  if (typeof r.title !== "string" || r.title.trim() === "")
    throw new SigmaRuleError("'title' is required and must be a string", line("title"));
  if (r.title.length > 256) throw new SigmaRuleError("'title' is longer than 256 characters", line("title"));
  const c = r.correlation;
  if (!c || typeof c !== "object" || Array.isArray(c))
    throw new SigmaRuleError("'correlation' must be a map (type, rules, group-by, timespan, condition)", at);
  const m = c as Record<string, unknown>;
  const known = new Set(["type", "rules", "group-by", "timespan", "condition", "aliases", "generate"]);
  for (const k of Object.keys(m))
    if (!known.has(k)) throw new SigmaRuleError(`correlation: unknown attribute '${k}'`, at);
  const type = m.type;
  if (typeof type !== "string" || !(CORRELATION_TYPES as readonly string[]).includes(type))
    throw new SigmaRuleError(`correlation.type must be one of ${CORRELATION_TYPES.join(", ")}`, at);
  const rules = strList(m.rules, "correlation.rules", at);
  if (rules.length === 0) throw new SigmaRuleError("correlation.rules must name at least one rule", at);
  if (rules.length > 20) throw new SigmaRuleError("correlation.rules may name at most 20 rules", at);
  if ((type === "temporal" || type === "temporal_ordered") && rules.length < 2)
    throw new SigmaRuleError(`a ${type} correlation needs at least two rules`, at);
  const groupBy = strList(m["group-by"], "correlation.group-by", at);
  if (groupBy.length > 10) throw new SigmaRuleError("correlation.group-by may list at most 10 fields", at);
  const timespan = m.timespan;
  const tm = typeof timespan === "string" ? TIMESPAN.exec(timespan) : null;
  if (!tm)
    throw new SigmaRuleError(
      "correlation.timespan is required: a number and a lowercase unit (s, m, h or d), e.g. 5m",
      at,
    );
  const timespanMs = Number(tm[1]) * UNIT_MS[tm[2] as keyof typeof UNIT_MS];
  if (timespanMs <= 0 || timespanMs > MAX_TIMESPAN_MS)
    throw new SigmaRuleError("correlation.timespan must be more than 0 and at most 24h", at);

  let condition: CorrelationRule["condition"] = null;
  if (m.condition !== undefined && m.condition !== null) {
    if (typeof m.condition !== "object" || Array.isArray(m.condition))
      throw new SigmaRuleError("correlation.condition must be a map such as { gte: 10 }", at);
    const ops: Partial<Record<Operator, number>> = {};
    let field: string | null = null;
    for (const [k, v] of Object.entries(m.condition as Record<string, unknown>)) {
      if (k === "field") {
        if (typeof v !== "string" || v === "")
          throw new SigmaRuleError("correlation.condition.field must be a field name", at);
        field = v;
      } else if ((CONDITION_OPERATORS as readonly string[]).includes(k)) {
        if (typeof v !== "number" || !Number.isFinite(v))
          throw new SigmaRuleError(`correlation.condition.${k} must be a number`, at);
        ops[k as Operator] = v;
      } else
        throw new SigmaRuleError(
          `correlation.condition: unknown operator '${k}' (use ${CONDITION_OPERATORS.join(", ")})`,
          at,
        );
    }
    if (Object.keys(ops).length === 0)
      throw new SigmaRuleError("correlation.condition needs an operator (gt, gte, lt, lte, eq or neq)", at);
    condition = { ops, field };
  }
  if ((type === "event_count" || type === "value_count") && !condition)
    throw new SigmaRuleError(`a ${type} correlation needs a condition such as { gte: 10 }`, at);
  if (type === "value_count" && !condition?.field)
    throw new SigmaRuleError("a value_count correlation needs condition.field (the field whose values count)", at);
  if (type !== "value_count" && condition?.field)
    throw new SigmaRuleError("condition.field is only for value_count correlations", at);

  const aliases: Record<string, Record<string, string>> = {};
  if (m.aliases !== undefined && m.aliases !== null) {
    if (typeof m.aliases !== "object" || Array.isArray(m.aliases))
      throw new SigmaRuleError("correlation.aliases must map alias -> rule name -> field", at);
    for (const [alias, map] of Object.entries(m.aliases as Record<string, unknown>)) {
      if (!map || typeof map !== "object" || Array.isArray(map))
        throw new SigmaRuleError(`correlation.aliases.${alias} must map rule name -> field`, at);
      aliases[alias] = {};
      for (const [ruleName, field] of Object.entries(map as Record<string, unknown>)) {
        if (typeof field !== "string")
          throw new SigmaRuleError(`correlation.aliases.${alias}.${ruleName} must be a field name`, at);
        if (!rules.includes(ruleName))
          throw new SigmaRuleError(`correlation.aliases.${alias}: '${ruleName}' is not one of correlation.rules`, at);
        aliases[alias][ruleName] = field;
      }
    }
  }
  const generate = r.generate ?? m.generate;
  if (generate !== undefined && typeof generate !== "boolean")
    throw new SigmaRuleError("'generate' must be true or false", line("generate"));
  const level = str(r.level);
  if (level !== null && !(LEVELS as readonly string[]).includes(level))
    throw new SigmaRuleError(`'level' must be one of ${LEVELS.join(", ")}; got '${level}'`, line("level"));
  return {
    kind: "correlation",
    title: r.title.trim(),
    id: str(r.id),
    name: str(r.name),
    level: level as Level | null,
    status: str(r.status),
    description: str(r.description),
    author: str(r.author),
    license: str(r.license),
    references: strList(r.references, "references", line("references")),
    tags: strList(r.tags, "tags", line("tags")),
    type: type as CorrelationType,
    rules,
    groupBy,
    timespanMs,
    timespan: timespan as string,
    condition,
    aliases,
    generate: generate === true,
  };
}

/**
 * Reads a Sigma file: one rule, or (multi-document YAML) a correlation with the rules it refers to. Lines in errors
 * are lines of the whole file.
 */
export function loadSigmaFile(yamlText: string, options: CompileOptions = {}): SigmaFile {
  if (typeof yamlText !== "string" || yamlText.trim() === "") throw new SigmaRuleError("the rule is empty");
  if (Buffer.byteLength(yamlText) > MAX_RULE_BYTES)
    throw new SigmaRuleError(`the rule is larger than ${MAX_RULE_BYTES} bytes`);
  const lc = new LineCounter();
  let docs;
  try {
    docs = parseAllDocuments(yamlText, { lineCounter: lc, uniqueKeys: true });
  } catch (e) {
    throw new SigmaRuleError(`cannot read the rule: ${(e as Error).message.split("\n")[0]}`);
  }
  if (!Array.isArray(docs)) throw new SigmaRuleError("the rule is empty");
  const nonEmpty = docs.filter((d) => d.contents !== null || d.errors.length);
  if (nonEmpty.length === 0) throw new SigmaRuleError("the rule is empty");
  if (nonEmpty.length > MAX_DOCUMENTS) throw new SigmaRuleError(`a file holds at most ${MAX_DOCUMENTS} YAML documents`);
  if (nonEmpty.length === 1 && !hasCorrelationKey(nonEmpty[0])) {
    const rule = loadSigmaRule(yamlText, options);
    return { rules: [rule], correlations: [], root: rule };
  }
  const rules: SigmaRule[] = [];
  const correlations: CorrelationRule[] = [];
  for (const doc of nonEmpty) {
    const startLine = lc.linePos(doc.range[0]).line;
    if (doc.errors.length) {
      const err = doc.errors[0];
      throw new SigmaRuleError(`YAML: ${err.message.split("\n")[0]}`, err.linePos?.[0]?.line);
    }
    if (hasCorrelationKey(doc)) {
      let data: unknown;
      try {
        data = doc.toJS({ maxAliasCount: 50 });
      } catch (e) {
        throw new SigmaRuleError(`cannot read the rule: ${(e as Error).message.split("\n")[0]}`, startLine);
      }
      const r = data as Record<string, unknown>;
      const keyLine = (key: string) => {
        const items = (doc.contents as { items?: { key?: { value?: unknown; range?: number[] } }[] })?.items ?? [];
        const item = items.find((i) => i.key?.value === key);
        return item?.key?.range ? lc.linePos(item.key.range[0]).line : startLine;
      };
      correlations.push(parseCorrelation(r, keyLine));
    } else {
      // The document's own text, preceded by as many blank lines as came before it: its errors name file lines.
      const text = "\n".repeat(startLine - 1) + yamlText.slice(doc.range[0], doc.range[1]);
      rules.push(loadSigmaRule(text, options));
    }
  }
  if (correlations.length === 0)
    throw new SigmaRuleError(
      "one rule per document: several YAML documents are read only as a correlation rule and the rules it refers to",
      lc.linePos(nonEmpty[1].range[0]).line,
    );
  for (const [i, a] of [...rules, ...correlations].entries())
    for (const b of [...rules, ...correlations].slice(i + 1)) {
      if (a.name && a.name === b.name) throw new SigmaRuleError(`two rules of the file are named '${a.name}'`);
      if (a.id && a.id === b.id) throw new SigmaRuleError(`two rules of the file have the id '${a.id}'`);
    }
  const referenced = new Set(correlations.flatMap((c) => c.rules));
  const outer = correlations.filter((c) => !(c.name && referenced.has(c.name)) && !(c.id && referenced.has(c.id)));
  if (outer.length !== 1)
    throw new SigmaRuleError(
      outer.length === 0
        ? "the correlations of the file refer to each other in a cycle"
        : "a file holds one outermost correlation (others must be referenced by it)",
    );
  return { rules, correlations, root: outer[0] };
}

function hasCorrelationKey(doc: { contents: unknown }): boolean {
  const items = (doc.contents as { items?: { key?: { value?: unknown } }[] } | null)?.items;
  return Array.isArray(items) && items.some((i) => i.key?.value === "correlation");
}

/** A correlation with every reference resolved to a compiled rule or a resolved correlation. */
export interface ResolvedCorrelation {
  rule: CorrelationRule;
  children: { ref: string; node: SigmaRule | ResolvedCorrelation }[];
  /** The longest history an evaluation needs before an event (the timespans of the chain, summed). */
  lookbackMs: number;
}

export type RuleLookup = (ref: string) => AnyRule | undefined;

/** The lookup over a file's own rules (by name and by id), falling back to `outside` (the tenant's stored rules). */
export function fileLookup(file: SigmaFile, outside?: RuleLookup): RuleLookup {
  const own = new Map<string, AnyRule>();
  for (const r of [...file.rules, ...file.correlations]) {
    if (r.id) own.set(r.id, r);
    if (r.name) own.set(r.name, r);
  }
  return (ref) => own.get(ref) ?? outside?.(ref);
}

/** Resolves a correlation's references; an unknown reference or a cycle is a SigmaRuleError naming it. */
export function resolveCorrelation(rule: CorrelationRule, lookup: RuleLookup, depth = 0): ResolvedCorrelation {
  if (depth >= MAX_CORRELATION_DEPTH)
    throw new SigmaRuleError(`correlations chain at most ${MAX_CORRELATION_DEPTH} deep (or they refer in a cycle)`);
  const children = rule.rules.map((ref) => {
    const target = lookup(ref);
    if (!target)
      throw new SigmaRuleError(
        `correlation '${rule.title}' refers to '${ref}': no rule of this file or of your stored rules has that name or id`,
      );
    return { ref, node: isCorrelation(target) ? resolveCorrelation(target, lookup, depth + 1) : target };
  });
  const lookback = Math.max(0, ...children.map((c) => ("lookbackMs" in c.node ? c.node.lookbackMs : 0)));
  return { rule, children, lookbackMs: rule.timespanMs + lookback };
}

/** Every plain rule a resolved correlation reads (for a cheap "could this batch matter?" check). */
export function leafRules(c: ResolvedCorrelation): SigmaRule[] {
  return c.children.flatMap((ch) => ("children" in ch.node ? leafRules(ch.node) : [ch.node as SigmaRule]));
}

export interface CorrelationEvent {
  id: string;
  time: number;
  view: EventView;
}

export interface CorrelationMatch {
  /** The event that completed the correlation. */
  eventId: string;
  time: number;
  /** The group-by values (alias names as written). */
  group: Record<string, unknown>;
  /** The count the condition was checked against (events, distinct values, or distinct rules). */
  count: number;
}

type Hit = { pos: number; time: number; view: EventView; child: number };

function readField(view: EventView, name: string): unknown {
  const f = view.fields;
  if (f[name] !== undefined) return f[name];
  if (!name.includes(".")) return undefined;
  let cur: unknown = f;
  for (const part of name.split(".")) {
    if (!cur || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

function holds(ops: Partial<Record<Operator, number>>, n: number): boolean {
  if (ops.gt !== undefined && !(n > ops.gt)) return false;
  if (ops.gte !== undefined && !(n >= ops.gte)) return false;
  if (ops.lt !== undefined && !(n < ops.lt)) return false;
  if (ops.lte !== undefined && !(n <= ops.lte)) return false;
  if (ops.eq !== undefined && !(n === ops.eq)) return false;
  if (ops.neq !== undefined && !(n !== ops.neq)) return false;
  return true;
}

function scalarKey(v: unknown): string {
  return typeof v === "string" ? v : JSON.stringify(v);
}

/**
 * Evaluates a resolved correlation over events in stored order. A match is reported at each event that leaves its
 * group satisfying the condition over the window (t - timespan, t] (sliding, not bucketed). Events missing a
 * group-by field are not counted (as `stats ... by` leaves them out).
 */
export function evaluateCorrelation(
  c: ResolvedCorrelation,
  events: readonly CorrelationEvent[],
): { matches: CorrelationMatch[]; truncated: boolean } {
  let truncated = false;
  const hits: Hit[] = [];
  c.children.forEach((ch, child) => {
    if ("children" in ch.node) {
      const sub = evaluateCorrelation(ch.node, events);
      truncated ||= sub.truncated;
      const byId = new Map(events.map((e, pos) => [e.id, pos]));
      for (const m of sub.matches) {
        const pos = byId.get(m.eventId)!;
        hits.push({ pos, time: m.time, view: events[pos].view, child });
      }
    } else {
      const rule = ch.node as SigmaRule;
      events.forEach((e, pos) => {
        if (matchEvent(rule, e.view)) hits.push({ pos, time: e.time, view: e.view, child });
      });
    }
  });
  hits.sort((a, b) => a.pos - b.pos || a.child - b.child);
  const rule = c.rule;
  const refs = c.children.map((ch) => ch.ref);
  const fieldFor = (name: string, child: number) => rule.aliases[name]?.[refs[child]] ?? name;
  const groups = new Map<string, Hit[]>();
  const matches: CorrelationMatch[] = [];
  const last = refs.length - 1;
  for (const h of hits) {
    const values: unknown[] = [];
    let missing = false;
    for (const g of rule.groupBy) {
      const v = readField(h.view, fieldFor(g, h.child));
      if (v === undefined || v === null || v === "") missing = true;
      values.push(v);
    }
    if (missing) continue;
    const key = JSON.stringify(values);
    let win = groups.get(key);
    if (!win) {
      if (groups.size >= MAX_CORRELATION_GROUPS) {
        truncated = true;
        continue;
      }
      win = [];
      groups.set(key, win);
    }
    win.push(h);
    while (win.length && win[0].time <= h.time - rule.timespanMs) win.shift();
    let count: number;
    let ok: boolean;
    if (rule.type === "event_count") {
      count = win.length;
      ok = holds(rule.condition!.ops, count);
    } else if (rule.type === "value_count") {
      const field = rule.condition!.field!;
      const distinct = new Set<string>();
      for (const w of win) {
        const v = readField(w.view, fieldFor(field, w.child));
        if (v !== undefined && v !== null && v !== "") distinct.add(scalarKey(v));
      }
      count = distinct.size;
      ok = holds(rule.condition!.ops, count);
    } else if (rule.type === "temporal") {
      count = new Set(win.map((w) => w.child)).size;
      ok = rule.condition ? holds(rule.condition.ops, count) : count === refs.length;
    } else {
      // temporal_ordered: the event completes the sequence only as the last rule; walking back, take for each
      // earlier rule its latest hit before the one chosen after it (the latest choice leaves the most room).
      if (h.child !== last) continue;
      let at = win.length - 1;
      count = 1;
      for (let child = last - 1; child >= 0; child--) {
        let i = at - 1;
        while (i >= 0 && win[i].child !== child) i--;
        if (i < 0) break;
        at = i;
        count++;
      }
      ok = count === refs.length;
    }
    if (ok)
      matches.push({
        eventId: eventsIdAt(events, h.pos),
        time: h.time,
        group: Object.fromEntries(rule.groupBy.map((g, i) => [g, values[i]])),
        count,
      });
    // bounded memory: a window never holds more than this many hits (older ones drop, counted as seen)
    if (win.length > 100_000) win.shift();
  }
  return { matches, truncated };
}

function eventsIdAt(events: readonly CorrelationEvent[], pos: number) {
  return events[pos].id;
}
