/**
 * The phishing text model: a logistic regression over words (any language)
 * and link features, trained at development time on the SpamAssassin public
 * corpus plus our own multilingual examples (docs/phishing-model.md).
 */
export { scoreTextModel, type TextModelScore } from "./score";
export { extractFeatures, describeFeature, LIMITS as TEXT_MODEL_LIMITS, type ModelInput } from "./features";
export {
  combine,
  combinerWeights,
  ruleFeatures,
  ruleKey,
  modelFeature,
  scoreOf,
  MODEL_LOGIT_CLIP,
  RULE_POINTS_CAP,
  type CombinerWeights,
  type Combined,
} from "./combine";
