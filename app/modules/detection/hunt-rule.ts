/**
 * A saved /logs query turned into a Sigma rule, so a hunt that found something keeps running on new events.
 * Only queries a rule can express the same way are turned: `field:value` terms (with `*` and `?` wildcards, matched
 * case-insensitively on the whole value, as /logs does) joined by AND, OR, NOT and parentheses. Each term becomes a
 * named selection and the query's structure becomes the condition. Free-text words (full-text search over the whole
 * event) and the store's own columns (host, source, category, product, time, id) have no rule field to match.
 */
import { randomUUID } from "node:crypto";
import { stringify } from "yaml";
import { parseQuery, type EventQueryNode } from "~/modules/events";
import { DomainError } from "~/lib/errors";

const COLUMNS = new Set(["host", "source", "category", "product", "time", "id"]);

export class HuntRuleError extends DomainError {}

/** Sigma treats `\` before a wildcard or `\` as an escape: a literal backslash from /logs is written `\\`. */
function sigmaValue(value: string): string {
  return value.replaceAll("\\", "\\\\");
}

export function sigmaFromQuery(query: string, title: string): string {
  const node = parseQuery(query);
  if (!node) throw new HuntRuleError("An empty query matches every event: add field:value terms first");
  const selections: Record<string, Record<string, string>> = {};
  let n = 0;
  const walk = (x: EventQueryNode, top = false): string => {
    switch (x.kind) {
      case "and":
      case "or": {
        const inner = x.items.map((i) => walk(i)).join(` ${x.kind} `);
        return top ? inner : `(${inner})`;
      }
      case "not":
        return `not ${walk(x.item)}`;
      case "text":
        throw new HuntRuleError(
          `“${x.value}” is a free-text word: only field:value terms can become a rule (for example Image:*\\whoami.exe)`,
        );
      case "field": {
        if (COLUMNS.has(x.field.toLowerCase()))
          throw new HuntRuleError(`${x.field}: is a column of the event store, not an event field a rule can read`);
        const name = `selection_${++n}`;
        selections[name] = { [x.field]: sigmaValue(x.value) };
        return name;
      }
    }
  };
  const condition = walk(node, true);
  return stringify(
    {
      title: title.slice(0, 200),
      id: randomUUID(),
      status: "experimental",
      description: `Generated from the Threat Hunting query: ${query}`,
      logsource: {},
      detection: { ...selections, condition },
      level: "medium",
    },
    { lineWidth: 0 },
  );
}
