/**
 * Scores a message with the shipped logistic-regression text model
 * (model.json, trained by scripts/train-phishing-model.ts).
 *
 * The message is a set of binary features (features.ts), each scaled by
 * 1/sqrt(number of features) so long and short messages are comparable; the
 * probability is the logistic function of the bias plus the weights of the
 * features present. Features the model never saw weigh nothing. Cost: one
 * pass over the capped input plus one map look-up per feature.
 */
import modelData from "./model.json";
import { describeFeature, extractFeatures, type ModelInput } from "./features";

export type TextModelScore = {
  /** Probability (0-1) that the message is phishing or a scam, by its words and links alone. */
  probability: number;
  /** The features that moved the score most, strongest first (positive: towards phishing). */
  topTokens: { token: string; weight: number }[];
};

type ModelFile = {
  version: number;
  bias: number;
  features: string[];
  weights: number[];
};

let weights: Map<string, number> | null = null;
let bias = 0;

function load(): Map<string, number> {
  if (weights) return weights;
  const m = modelData as ModelFile;
  const map = new Map<string, number>();
  for (let i = 0; i < m.features.length; i++) map.set(m.features[i]!, m.weights[i]!);
  bias = m.bias;
  weights = map;
  return map;
}

const TOP = 6;

export function scoreTextModel(input: ModelInput): TextModelScore {
  const w = load();
  const features = extractFeatures(input);
  const scale = 1 / Math.sqrt(Math.max(1, features.size));
  let z = bias;
  const present: { f: string; w: number }[] = [];
  for (const f of features) {
    const wf = w.get(f);
    if (wf === undefined) continue;
    z += wf * scale;
    present.push({ f, w: wf });
  }
  const probability = 1 / (1 + Math.exp(-z));
  // Show the features that pushed the way the verdict went, strongest first.
  const towards = probability >= 0.5 ? 1 : -1;
  present.sort((a, b) => b.w * towards - a.w * towards || (a.f < b.f ? -1 : 1));
  const topTokens = present
    .slice(0, TOP)
    .filter((p) => p.w * towards > 0)
    .map((p) => ({ token: describeFeature(p.f), weight: Math.round(p.w * 1000) / 1000 }));
  return { probability, topTokens };
}
