/**
 * The /logs query language, parsed in one left-to-right pass (no regex, no
 * backtracking): free words and "quoted phrases" (full-text, FTS5),
 * `field:value` terms (value may be quoted; `*` and `?` are wildcards),
 * AND / OR / NOT (also `-term`), parentheses, implicit AND between terms.
 * OR binds looser than AND, as in Lucene and Splunk. Compiled to SQL with
 * bound parameters only: nothing the user types is spliced into the SQL text
 * (field names are restricted to [A-Za-z0-9_.@-] and quoted as JSON paths).
 * Isomorphic: the page shows parse errors next to the search box.
 */
import { DomainError } from "~/lib/errors";

export type Node =
  | { kind: "and" | "or"; items: Node[] }
  | { kind: "not"; item: Node }
  | { kind: "text"; value: string; phrase: boolean }
  | { kind: "field"; field: string; value: string };

export const MAX_QUERY_LENGTH = 1000;
const MAX_TERMS = 32;
const MAX_DEPTH = 8;

type Token =
  | { t: "word"; v: string; quoted: boolean }
  | { t: "field"; f: string; v: string }
  | { t: "and" | "or" | "not" | "(" | ")" };

export class QueryError extends DomainError {
  constructor(message: string) {
    super(message, { field: "q" });
  }
}

const FIELD_CHAR = (c: string) =>
  (c >= "a" && c <= "z") ||
  (c >= "A" && c <= "Z") ||
  (c >= "0" && c <= "9") ||
  c === "_" ||
  c === "." ||
  c === "@" ||
  c === "-";

function tokenize(q: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const readQuoted = (): string => {
    // At a `"`: read to the closing quote, `\"` escapes.
    i += 1;
    let v = "";
    while (i < q.length && q[i] !== '"') {
      if (q[i] === "\\" && i + 1 < q.length) i += 1;
      v += q[i];
      i += 1;
    }
    if (i >= q.length) throw new QueryError("A quoted phrase is missing its closing quote");
    i += 1;
    return v;
  };
  const readBare = (): string => {
    let v = "";
    while (i < q.length && q[i] !== " " && q[i] !== "\t" && q[i] !== "(" && q[i] !== ")" && q[i] !== '"') {
      v += q[i];
      i += 1;
    }
    return v;
  };
  while (i < q.length) {
    const c = q[i]!;
    if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      i += 1;
    } else if (c === "(" || c === ")") {
      out.push({ t: c });
      i += 1;
    } else if (c === '"') {
      out.push({ t: "word", v: readQuoted(), quoted: true });
    } else if (c === "-" && i + 1 < q.length && q[i + 1] !== " ") {
      out.push({ t: "not" });
      i += 1;
    } else {
      // A field name followed by ':' is a field term; otherwise a bare word.
      let j = i;
      while (j < q.length && FIELD_CHAR(q[j]!)) j += 1;
      if (j > i && q[j] === ":") {
        const f = q.slice(i, j);
        i = j + 1;
        const v = q[i] === '"' ? readQuoted() : readBare();
        if (!v) throw new QueryError(`Give a value after ${f}:`);
        out.push({ t: "field", f, v });
        continue;
      }
      const v = readBare();
      if (v === "AND" || v === "&&") out.push({ t: "and" });
      else if (v === "OR" || v === "||") out.push({ t: "or" });
      else if (v === "NOT") out.push({ t: "not" });
      else if (v) out.push({ t: "word", v, quoted: false });
      else i += 1;
    }
  }
  return out;
}

/** Parses a query; an empty query is null (everything in the time range). */
export function parseQuery(input: string): Node | null {
  const q = input.trim();
  if (!q) return null;
  if (q.length > MAX_QUERY_LENGTH) throw new QueryError(`A query is at most ${MAX_QUERY_LENGTH} characters`);
  const tokens = tokenize(q);
  let pos = 0;
  let terms = 0;
  const peek = () => tokens[pos];
  const orExpr = (depth: number): Node => {
    const items = [andExpr(depth)];
    while (peek()?.t === "or") {
      pos += 1;
      items.push(andExpr(depth));
    }
    return items.length === 1 ? items[0]! : { kind: "or", items };
  };
  const andExpr = (depth: number): Node => {
    const items = [unary(depth)];
    for (;;) {
      const t = peek();
      if (!t || t.t === "or" || t.t === ")") break;
      if (t.t === "and") pos += 1;
      items.push(unary(depth));
    }
    return items.length === 1 ? items[0]! : { kind: "and", items };
  };
  const unary = (depth: number): Node => {
    const t = peek();
    if (!t) throw new QueryError("The query ends where a term was expected");
    if (t.t === "not") {
      pos += 1;
      return { kind: "not", item: unary(depth) };
    }
    if (t.t === "(") {
      if (depth >= MAX_DEPTH) throw new QueryError("Parentheses are nested too deeply");
      pos += 1;
      const inner = orExpr(depth + 1);
      if (peek()?.t !== ")") throw new QueryError("A parenthesis is not closed");
      pos += 1;
      return inner;
    }
    if (t.t === "word" || t.t === "field") {
      pos += 1;
      terms += 1;
      if (terms > MAX_TERMS) throw new QueryError(`A query has at most ${MAX_TERMS} terms`);
      return t.t === "word"
        ? { kind: "text", value: t.v, phrase: t.quoted }
        : { kind: "field", field: t.f, value: t.v };
    }
    throw new QueryError(
      t.t === ")" ? "A closing parenthesis has no opening one" : `"${t.t.toUpperCase()}" needs a term before it`,
    );
  };
  const node = orExpr(0);
  if (pos < tokens.length) throw new QueryError("A closing parenthesis has no opening one");
  return node;
}

const COLUMNS: Record<string, string> = {
  host: "host",
  source: "source",
  category: "category",
  product: "product",
  message: "message",
};

/**
 * Rows of the full-text index matching a query, within a window of seqs. The index knows nothing of tenants
 * or time; a common word matches a large part of all events, and SQLite would collect every match before
 * the time range is applied. The window (the seqs of the tenant's events in the searched range, see
 * search.server.ts) lets FTS5 skip to the part of each word's list that can matter: events mostly arrive in
 * time order, so that part is small.
 */
const FTS_ROWS = `(SELECT rowid FROM events_fts WHERE events_fts MATCH ? AND rowid BETWEEN ? AND ?)`;
/** Placeholders in the parameters for the window's ends, replaced by bindSeqWindow(). */
export const SEQ_FROM = Symbol("seq from");
export const SEQ_TO = Symbol("seq to");

/** The parameters with the seq window's ends filled in (no window: every seq). */
export function bindSeqWindow(params: readonly unknown[], window?: { from: number; to: number }): unknown[] {
  const from = window?.from ?? Number.MIN_SAFE_INTEGER;
  const to = window?.to ?? Number.MAX_SAFE_INTEGER;
  return params.map((p) => (p === SEQ_FROM ? from : p === SEQ_TO ? to : p));
}

/** A letter or a digit: a value without one has no words for the full-text index to look up. */
const HAS_WORD = /[\p{L}\p{N}]/u;
const INTEGER = /^-?\d{1,15}$/;

/**
 * Whether a field term's value can be looked up in the full-text index (whose field text is written by
 * JavaScript) without missing what `json_extract(...) LIKE value` finds. Numbers are where they may differ
 * (SQLite prints reals itself and reads JSON true as 1): only plain integers other than 0 and 1 are.
 */
function indexable(value: string): boolean {
  if (!HAS_WORD.test(value)) return false;
  if (value.trim() !== "" && Number.isFinite(Number(value)))
    return INTEGER.test(value) && value !== "0" && value !== "1";
  return true;
}

/** A LIKE pattern from a value with * and ? wildcards (escape char `\`). */
export function likePattern(value: string) {
  let out = "";
  for (const c of value) {
    if (c === "%" || c === "_" || c === "\\") out += "\\" + c;
    else if (c === "*") out += "%";
    else if (c === "?") out += "_";
    else out += c;
  }
  return out;
}

/** An FTS5 string: each word quoted (so operators and punctuation in it are literal); `*` at the end is a prefix. */
function ftsQuery(value: string, phrase: boolean): string | null {
  const prefix = !phrase && value.endsWith("*");
  const core = (prefix ? value.slice(0, -1) : value).replaceAll('"', '""');
  if (!core.trim()) return null;
  return `"${core}"${prefix ? "*" : ""}`;
}

/**
 * SQL (with `?` parameters) for a parsed query, over a row of `events` aliased `e`. `negated` says whether
 * the node is under a NOT: there a missing field must stay NULL (and the row out), as it always has.
 */
export function compileQuery(node: Node, params: unknown[], negated = false): string {
  switch (node.kind) {
    case "and":
    case "or":
      return `(${node.items.map((n) => compileQuery(n, params, negated)).join(node.kind === "and" ? " AND " : " OR ")})`;
    case "not":
      return `(NOT ${compileQuery(node.item, params, !negated)})`;
    case "text": {
      const inner = node.value.slice(0, node.value.endsWith("*") ? -1 : undefined);
      // Wildcards inside a word are not FTS5 prefix queries: match the message and fields text instead.
      if (!node.phrase && (inner.includes("*") || inner.includes("?"))) {
        const p = `%${likePattern(node.value)}%`;
        params.push(p, p);
        return `(e.message LIKE ? ESCAPE '\\' OR e.fields LIKE ? ESCAPE '\\')`;
      }
      const fts = ftsQuery(node.value, node.phrase);
      if (!fts) return "1";
      params.push(fts, SEQ_FROM, SEQ_TO);
      return `e.seq IN ${FTS_ROWS}`;
    }
    case "field": {
      const column = COLUMNS[node.field.toLowerCase()];
      const hasWildcard = node.value.includes("*") || node.value.includes("?");
      const pattern = likePattern(node.value);
      if (column) {
        params.push(hasWildcard ? pattern : pattern);
        return `e.${column} LIKE ? ESCAPE '\\'`;
      }
      if (node.field === "time" || node.field === "id") {
        params.push(node.value);
        return node.field === "id" ? `e.id = ?` : `0`;
      }
      const path = `$."${node.field}"`;
      // A list-valued field (HEC `fields: {"tags": ["a", "b"]}`) matches when one of its items does.
      const exact =
        `(CASE WHEN json_type(e.fields, ?) = 'array'` +
        ` THEN EXISTS (SELECT 1 FROM json_each(e.fields, ?) WHERE json_each.value LIKE ? ESCAPE '\\')` +
        ` ELSE json_extract(e.fields, ?) LIKE ? ESCAPE '\\' END)`;
      const exactParams = [path, path, pattern, path, pattern];
      // Without wildcards, an event whose field equals the value has the value's words, in order, among its
      // indexed field values: the full-text index narrows the rows first (a superset: it folds case and
      // accents as LIKE does or more), and the JSON comparison decides. Reading every row's JSON in the range
      // was the slow part of field searches over a million events. Not under a NOT: there "no such field"
      // (NULL, the row stays out) and "another value" (false, NOT lets the row in) must stay apart.
      if (!negated && !hasWildcard && indexable(node.value)) {
        params.push(`fields : "${node.value.replaceAll('"', '""')}"`, SEQ_FROM, SEQ_TO, ...exactParams);
        return `(e.seq IN ${FTS_ROWS} AND ${exact})`;
      }
      params.push(...exactParams);
      return exact;
    }
  }
}
