/**
 * JSON from untrusted senders, with bounds on its shape (issue 26 §13). JSON.parse itself is iterative and
 * linear, but what runs on the value afterwards is not: JSON.stringify, structuredClone, recursive flattening
 * and validation recurse once per level, so 100,000 levels of `[` threw "Maximum call stack size exceeded"
 * (a 500) after a successful parse. One linear pass over the text, before JSON.parse, refuses a body nested
 * deeper than `maxDepth` or holding more than `maxMembers` array elements and object members in all.
 * Long strings are no danger to the parse (linear); each route caps its own fields.
 */

export type JsonLimits = {
  maxDepth: number;
  maxMembers: number;
  /** Elements of a top-level array (events in one request), counted before anything is parsed. */
  maxItems?: number;
};

export type JsonShapeProblem = { kind: "depth" | "members" | "items"; message: string };

/** What every JSON API takes (bodies are 1 MB unless the route says otherwise; see server/guards.ts). */
export const JSON_LIMITS: JsonLimits = { maxDepth: 64, maxMembers: 100_000 };

export type BoundedJson = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Null when the text is within the limits, else what is wrong, for a person. Strings are skipped with indexOf
 * (their content never counts), so the pass costs one look at each structural character.
 */
export function jsonShapeProblem(text: string, limits: JsonLimits = JSON_LIMITS): JsonShapeProblem | null {
  let depth = 0;
  let members = 0;
  let items = 0;
  // Items are counted in a top-level array only (an object's members are not events).
  let maxItems = limits.maxItems ?? Infinity;
  const n = text.length;
  for (let i = 0; i < n; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      // The closing quote is the next one not escaped by an odd run of backslashes.
      let j = text.indexOf('"', i + 1);
      for (;;) {
        if (j === -1) return null; // unterminated: JSON.parse says it is not JSON
        let k = j - 1;
        while (text.charCodeAt(k) === 92 /* \ */) k -= 1;
        if ((j - 1 - k) % 2 === 0) break;
        j = text.indexOf('"', j + 1);
      }
      i = j;
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      depth += 1;
      if (depth > limits.maxDepth)
        return { kind: "depth", message: `The JSON is nested more than ${limits.maxDepth} levels deep` };
      if (depth === 1 && c === 123) maxItems = Infinity;
      if (depth === 2 && items === 0) items = 1;
    } else if (c === 93 /* ] */ || c === 125 /* } */) {
      depth -= 1;
    } else if (c === 44 /* , */) {
      members += 1;
      if (members >= limits.maxMembers)
        return {
          kind: "members",
          message: `The JSON holds more than ${limits.maxMembers.toLocaleString("en")} values in its arrays and objects`,
        };
      if (depth === 1 && ++items > maxItems)
        return { kind: "items", message: `The JSON array holds more than ${maxItems.toLocaleString("en")} items` };
    }
  }
  return null;
}

/** JSON.parse within the limits; a text that is not JSON, or too deep or too wide, is a message, never a throw. */
export function parseBoundedJson(text: string, limits: JsonLimits = JSON_LIMITS): BoundedJson {
  const problem = jsonShapeProblem(text, limits);
  if (problem) return { ok: false, message: problem.message };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, message: "The request body is not valid JSON" };
  }
}
