/**
 * Server-only entry points of the phishing analyzer for other modules and the
 * operator scripts (evaluation, model training): the analysis itself and the
 * text model's features.
 */
export { analyzeMessage, type Risk, type Analysis } from "./analyze.server";
export { scoreTextModel, extractFeatures, type ModelInput, type TextModelScore } from "./model";
export { combine, combinerWeights, ruleFeatures, modelFeature, type CombinerWeights } from "./model";
export { prepareForParsing, SNIFFING_ICONV } from "./analyzer/decode";
// The MIME parser, for the training module's import of a raw .eml as a simulation template.
export { parseMessage, type ParsedMessage } from "./analyzer/parse.server";
// What other modules read of the analysed messages (dashboard figures, threat hunting, the account export).
export {
  analysedMessageCount,
  analysedMessageCountSince,
  analysesBy,
  detectedPhishingByRisk,
  detectedPhishingHistory,
  quarantinedMessageCount,
  riskyMessageCount,
  searchMessages,
} from "./reads.server";
// Its posture contribution and usage figures (the posture model, the usage analytics).
export { messageKey, phishingContribution, phishingUsageSince } from "./posture.server";
