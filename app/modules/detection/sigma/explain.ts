/**
 * Why a rule did or did not match one event: the logsource gate, each selection with each field test (field,
 * modifiers, expected values, the event's actual value, matched or not), and each condition. It runs the same
 * compiled closures `detect` runs (rule.ts keeps them in `selections`), so `explanation.matched` always equals
 * `matchEvent(rule, event)`.
 */
import type { CondNode } from "./condition";
import { resetFoldCache } from "./values";
import { toEventView, type EventView } from "./logsource";
import type { SigmaRule } from "./rule";

export interface ItemExplanation {
  /** null: a keyword or a field-less modifier, tested against every value of the event */
  field: string | null;
  modifiers: string[];
  expected: unknown[];
  /** The event's value of `field` (undefined when the event has no such field; always undefined for keywords). */
  actual: unknown;
  matched: boolean;
}
export interface SelectionExplanation {
  name: string;
  matched: boolean;
  /** Any alternative matching matches the selection; an alternative needs all of its items. */
  alternatives: { matched: boolean; items: ItemExplanation[] }[];
}
export interface MatchExplanation {
  matched: boolean;
  logsource: { required: string; offered: string[]; matched: boolean };
  selections: SelectionExplanation[];
  conditions: { text: string; matched: boolean }[];
}

/** An event value shown to a person: long strings are cut (the page shows them, a 64 kB command line would not help). */
const SHOW_CHARS = 2000;
function shown(v: unknown): unknown {
  if (typeof v === "string" && v.length > SHOW_CHARS) return `${v.slice(0, SHOW_CHARS)}…`;
  if (Array.isArray(v)) return v.slice(0, 50).map(shown);
  return v;
}

function safe(test: (ev: EventView) => boolean, ev: EventView): boolean {
  try {
    return test(ev);
  } catch {
    return false; // as the engine: an unexpected throw is "no match"
  }
}

function evalCondition(node: CondNode, sel: Map<string, boolean>): boolean {
  switch (node.op) {
    case "sel":
      return sel.get(node.name) ?? false;
    case "not":
      return !evalCondition(node.arg, sel);
    case "and":
      return node.args.every((a) => evalCondition(a, sel));
    case "or":
      return node.args.some((a) => evalCondition(a, sel));
    case "of": {
      const n = node.names.filter((name) => sel.get(name)).length;
      return node.quantifier === "all" ? n === node.names.length : n >= node.quantifier;
    }
  }
}

/** Explains one rule over one event (raw JSON or an EventView such as the event store's `storedEventView`). */
export function explainMatch(rule: SigmaRule, event: unknown): MatchExplanation {
  const view: EventView =
    event && typeof event === "object" && "keys" in event && "fields" in event && "is4688" in event
      ? (event as EventView)
      : toEventView(event);
  resetFoldCache();
  const selections: SelectionExplanation[] = rule.selections.map((s) => {
    const alternatives = s.alternatives.map((items) => {
      const explained = items.map((it) => ({
        field: it.field,
        modifiers: it.modifiers,
        expected: it.expected,
        actual: it.read ? shown(it.read(view)) : undefined,
        matched: safe(it.test, view),
      }));
      return { matched: explained.every((i) => i.matched), items: explained };
    });
    return { name: s.name, matched: alternatives.some((a) => a.matched), alternatives };
  });
  const byName = new Map(selections.map((s) => [s.name, s.matched]));
  const conditions = rule.conditions.map((c) => ({ text: c.text, matched: evalCondition(c.tree, byName) }));
  const logsource = {
    required: rule.logsourceKey,
    offered: view.keys,
    matched: view.keys.includes(rule.logsourceKey),
  };
  return {
    matched: logsource.matched && conditions.some((c) => c.matched),
    logsource,
    selections,
    conditions,
  };
}
