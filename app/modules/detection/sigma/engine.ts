/**
 * A set of compiled rules indexed by logsource key: an event only runs the rules whose logsource it satisfies.
 * Streaming detection and retro-hunts both call `matchEvent`, so they agree by construction.
 */
import { toEventView, type EventView } from "./logsource";
import type { SigmaRule } from "./rule";
import { resetFoldCache } from "./values";

export class RuleSet<R extends SigmaRule = SigmaRule> {
  private byKey = new Map<string, R[]>();
  size = 0;

  constructor(rules: Iterable<R> = []) {
    for (const r of rules) this.add(r);
  }

  add(rule: R) {
    const list = this.byKey.get(rule.logsourceKey);
    if (list) list.push(rule);
    else this.byKey.set(rule.logsourceKey, [rule]);
    this.size++;
  }

  /** The rules that match one event (raw JSON or an already built view). */
  match(event: unknown): R[] {
    const view = isView(event) ? event : toEventView(event);
    resetFoldCache();
    const out: R[] = [];
    for (const key of view.keys) {
      const rules = this.byKey.get(key);
      if (!rules) continue;
      for (const r of rules) if (safeDetect(r, view)) out.push(r);
    }
    return out;
  }

  /**
   * `match` one rule at a time, as [rule, matched]: streaming detection gives the event loop back between rules when
   * a time slice is spent (a tenant's rules over one long event can take longer than a page may wait).
   */
  *matchEach(event: unknown): Generator<[R, boolean]> {
    const view = isView(event) ? event : toEventView(event);
    resetFoldCache();
    for (const key of view.keys) {
      const rules = this.byKey.get(key);
      if (!rules) continue;
      for (const r of rules) yield [r, safeDetect(r, view)];
    }
  }
}

function isView(e: unknown): e is EventView {
  return (
    !!e &&
    typeof e === "object" &&
    Array.isArray((e as EventView).keys) &&
    "fields" in (e as object) &&
    "is4688" in (e as object)
  );
}

/** A rule's detection never takes down the pipeline: an unexpected throw counts as "no match". */
function safeDetect(rule: SigmaRule, view: EventView): boolean {
  try {
    return rule.detect(view);
  } catch {
    return false;
  }
}

/** Whether one rule matches one event, with logsource gating: the single definition both paths use. */
export function matchEvent(rule: SigmaRule, event: unknown): boolean {
  const view = isView(event) ? event : toEventView(event);
  if (!view.keys.includes(rule.logsourceKey)) return false;
  resetFoldCache();
  return safeDetect(rule, view);
}
