/**
 * The posture model: every working module's findings, improvement actions and
 * coverage, and the Secure-Score-style score computed from them (formula in
 * posture.server.ts and docs/product.md §3). What other modules may use.
 */
export {
  computePosture,
  postureTrend,
  rankRecommendations,
  postureSummary,
  type PostureSummary,
  type Posture,
  type PostureTrendPoint,
  type ImprovementAction,
  type Recommendation,
  type Coverage,
  type PostureFinding,
  type FindingState,
} from "./posture.server";
// The shape each module's contribution takes (app/modules/<name>/posture.server.ts): modules import these as types.
export { MODULE_KEYS, type ModuleKey, type Contribution, type ImprovementActionDef, type Severity } from "./types";
