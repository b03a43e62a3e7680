export { loadSigmaRule, describeRuleError, SigmaRuleError, LEVELS, STATUSES, MAX_RULE_BYTES } from "./rule";
export type { SigmaRule, Level } from "./rule";
export { RuleSet, matchEvent } from "./engine";
export { toEventView, viewOfFields, flattenEvent, logsourceKey } from "./logsource";
export type { EventView, LogSource } from "./logsource";
