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

/**
 * How the analyzer turns the probability into points (issue 29): points = scale * (logit(p) - center),
 * clamped to 0..cap. Fitted by the training script on held-out real mail together with the rules' points,
 * so the verdict's thresholds (medium 25, high 55) keep their meaning; cap < 55, so the model alone never
 * makes a message high.
 */
export type ModelCalibration = { scale: number; center: number; cap: number };
export const DEFAULT_CALIBRATION: ModelCalibration = { scale: 8, center: 0, cap: 30 };

type ModelFile = {
  version: number;
  bias: number;
  features: string[];
  weights: number[];
  calibration?: ModelCalibration;
};

/** The calibration stored with the model (or the default before a training wrote one). */
export function modelCalibration(): ModelCalibration {
  return (modelData as ModelFile).calibration ?? DEFAULT_CALIBRATION;
}

/** The points a probability earns under a calibration. */
export function modelPoints(probability: number, c: ModelCalibration = modelCalibration()): number {
  const p = Math.min(Math.max(probability, 1e-6), 1 - 1e-6);
  const logit = Math.log(p / (1 - p));
  return Math.max(0, Math.min(c.cap, Math.round(c.scale * (logit - c.center))));
}

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
