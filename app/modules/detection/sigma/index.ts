export { loadSigmaRule, describeRuleError, SigmaRuleError, LEVELS, STATUSES, MAX_RULE_BYTES } from "./rule";
export type { SigmaRule, Level } from "./rule";
export { RuleSet, matchEvent } from "./engine";
export { explainMatch, type MatchExplanation } from "./explain";
export { PLACEHOLDER_HOME, placeholderNames, type CompileOptions } from "./values";
export { toEventView, viewOfFields, flattenEvent, logsourceKey } from "./logsource";
export type { EventView, LogSource } from "./logsource";
export {
  loadSigmaFile,
  fileLookup,
  resolveCorrelation,
  evaluateCorrelation,
  leafRules,
  isCorrelation,
  MAX_TIMESPAN_MS,
  MAX_CORRELATION_GROUPS,
} from "./correlation";
export type {
  CorrelationRule,
  ResolvedCorrelation,
  SigmaFile,
  AnyRule,
  RuleLookup,
  CorrelationEvent,
  CorrelationMatch,
} from "./correlation";
