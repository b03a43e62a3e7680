/**
 * The rule test on /siem-soar: one of the tenant's rules over one event (a stored event by id, or one pasted as
 * JSON), explained selection by selection (sigma/explain.ts). It stores nothing. A pasted event is normalised as
 * ingestion would store it (fromJsonValue) and both kinds are seen through `storedEventView`, so the answer is the
 * one streaming detection and retro-hunts would give.
 */
import { fromJsonValue, getEvents, type NormalizedEvent } from "~/modules/events";
import { storedEventView } from "./detect.server";
import { getRule, loadTenantRule } from "./rules.server";
import { describeRuleError, explainMatch, SigmaRuleError, type MatchExplanation } from "./sigma";

/** A pasted event is at most this long (the events API's cap for one event). */
export const MAX_TEST_EVENT_CHARS = 256 * 1024;

export type RuleTestErrors = Partial<Record<"ruleId" | "eventId" | "event", string>>;
export type RuleTestResult =
  | {
      ok: true;
      rule: { id: string; title: string };
      event: { id: string | null; time: string; host: string | null };
      explanation: MatchExplanation;
    }
  | { ok: false; status: 400 | 404; errors: RuleTestErrors };

export function testRuleOnEvent(
  tenantId: string,
  input: { ruleId: string; eventId: string; eventJson: string },
  now = Date.now(),
): RuleTestResult {
  const ruleId = input.ruleId.trim();
  const eventId = input.eventId.trim();
  const pasted = input.eventJson.trim();
  if (!ruleId) return { ok: false, status: 400, errors: { ruleId: "Choose a rule." } };
  if (!eventId && !pasted)
    return { ok: false, status: 400, errors: { eventId: "Give a stored event's id, or paste an event." } };
  if (eventId && pasted)
    return { ok: false, status: 400, errors: { eventId: "Give a stored event's id or paste an event, not both." } };
  // tenant-scoped lookups: another organization's rule or event is "not found", never shown
  const row = getRule(tenantId, ruleId.slice(0, 100));
  if (!row) return { ok: false, status: 404, errors: { ruleId: "No such rule in this organization." } };
  let rule;
  try {
    rule = loadTenantRule(tenantId, row.yaml);
  } catch (e) {
    if (!(e instanceof SigmaRuleError)) throw e;
    return { ok: false, status: 400, errors: { ruleId: `This rule no longer loads: ${describeRuleError(e)}` } };
  }
  let event: Pick<NormalizedEvent, "time" | "host" | "fields" | "message" | "original"> & { id: string | null };
  if (eventId) {
    const [stored] = getEvents(tenantId, [eventId.slice(0, 100)]);
    if (!stored) return { ok: false, status: 404, errors: { eventId: "No event with this id in this organization." } };
    event = stored;
  } else {
    if (pasted.length > MAX_TEST_EVENT_CHARS)
      return { ok: false, status: 400, errors: { event: `Paste at most ${MAX_TEST_EVENT_CHARS / 1024} kB.` } };
    let value: unknown;
    try {
      value = JSON.parse(pasted);
    } catch {
      return { ok: false, status: 400, errors: { event: "Paste one event as a JSON object." } };
    }
    const normalized = fromJsonValue(value, pasted, now);
    if (typeof normalized === "string") return { ok: false, status: 400, errors: { event: normalized } };
    event = { ...normalized, id: null };
  }
  return {
    ok: true,
    rule: { id: row.id, title: row.title },
    event: { id: event.id, time: new Date(event.time).toISOString(), host: event.host },
    explanation: explainMatch(rule, storedEventView(event)),
  };
}
