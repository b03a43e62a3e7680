/**
 * The learned score layer (issue 29, docs/decisions/026-phishing-learned-score.md): a logistic regression
 * over what the analyzer's stages found and the text model's probability. It replaces the hand-added points
 * and category caps: the rules still say WHY (their rationale lines), this layer says HOW MUCH.
 *
 *   z = bias + model * clip(logit(p)) + sum over rules k of coefficient(k) * min(points(k), 60) / 10
 *
 * `points(k)` is the rule's own strength as its stage reports it (the signal's weight, summed when one rule
 * fires more than once, e.g. two look-alike links); coefficients are fitted by scripts/train-phishing-model.ts
 * on the training split only, with the text model's probabilities taken out of fold (from a model that never
 * saw the message). A rule the training mail never showed keeps the shared prior coefficient, so its stage's
 * points convert to the same scale as everything else; no coefficient is negative, so a sign of phishing can
 * be found to weigh little, never to reassure. Risk: medium from z >= thresholds.medium, high from
 * z >= thresholds.high (chosen on the training split's legitimate mail, see the training script); the 0-100
 * score is a monotone map of z that puts those thresholds at 25 and 55, the levels the product documents.
 */
import combinerData from "./combiner.json";
import type { Risk, Signal } from "../analyzer/types";

export type CombinerWeights = {
  version: number;
  bias: number;
  /** Coefficient of the text model's clipped logit. */
  model: number;
  /** Coefficient of a rule the training data never showed (and the centre the fitted ones were pulled to). */
  prior: number;
  /** Fitted coefficient per rule key (ruleKey of the signal id). */
  rules: Record<string, number>;
  thresholds: { medium: number; high: number };
};

/** The text model's logit is clipped so one extreme probability cannot outweigh every rule. */
export const MODEL_LOGIT_CLIP = 6;
/** A rule's points are capped before scaling (a rule firing on twenty links is not twenty times the evidence). */
export const RULE_POINTS_CAP = 60;

export function combinerWeights(): CombinerWeights {
  return combinerData as CombinerWeights;
}

/**
 * The rule a signal comes from: its id without the per-instance suffix (att-exe-<sha256 prefix>,
 * link-lookalike-<n>), so every attachment or link the rule flags shares one coefficient.
 */
export function ruleKey(id: string): string {
  return id.replace(/-[0-9a-f]{8}$/, "").replace(/-\d+$/, "");
}

/** The rule features of a set of signals (the text model's signal and zero-weight notes excluded). */
export function ruleFeatures(signals: Signal[]): Map<string, number> {
  const points = new Map<string, number>();
  for (const s of signals) {
    if (s.category === "model" || s.weight === 0) continue;
    const k = ruleKey(s.id);
    points.set(k, (points.get(k) ?? 0) + s.weight);
  }
  const x = new Map<string, number>();
  for (const [k, p] of points) x.set(k, Math.max(-RULE_POINTS_CAP, Math.min(RULE_POINTS_CAP, p)) / 10);
  return x;
}

/** The text model's feature: its logit, clipped; 0 (no opinion) when the model did not run. */
export function modelFeature(probability: number | null): number {
  if (probability === null) return 0;
  const p = Math.min(Math.max(probability, 1e-9), 1 - 1e-9);
  return Math.max(-MODEL_LOGIT_CLIP, Math.min(MODEL_LOGIT_CLIP, Math.log(p / (1 - p))));
}

export function coefficient(key: string, w: CombinerWeights = combinerWeights()): number {
  return w.rules[key] ?? w.prior;
}

/** The 0-100 score of a logit: monotone, thresholds.medium at 25 and thresholds.high at 55. */
export function scoreOf(z: number, w: CombinerWeights = combinerWeights()): number {
  const { medium, high } = w.thresholds;
  const sig = (t: number) => 1 / (1 + Math.exp(-t));
  if (z < medium) return Math.min(24, Math.round(50 * sig(z - medium)));
  if (z < high) return Math.min(54, Math.round(25 + (30 * (z - medium)) / (high - medium)));
  return Math.min(100, Math.round(55 + 45 * (2 * sig(z - high) - 1)));
}

export function riskOfLogit(z: number, w: CombinerWeights = combinerWeights()): Risk {
  return z >= w.thresholds.high ? "high" : z >= w.thresholds.medium ? "medium" : "low";
}

export type Combined = {
  z: number;
  score: number;
  risk: Risk;
  /** Per input signal, what it added to the score in points (z units at the medium-to-high scale). */
  points: number[];
};

/** Combines the signals and the model's probability into the verdict's score and risk. */
export function combine(
  signals: Signal[],
  modelProbability: number | null,
  w: CombinerWeights = combinerWeights(),
): Combined {
  const x = ruleFeatures(signals);
  const m = modelFeature(modelProbability);
  let z = w.bias + w.model * m;
  for (const [k, v] of x) z += coefficient(k, w) * v;
  // Points per unit of z: the layer's own scale between medium (25) and high (55).
  const perZ = 30 / (w.thresholds.high - w.thresholds.medium);
  const points = signals.map((s) => {
    if (s.category === "model") return Math.round(perZ * w.model * m);
    if (s.weight === 0) return 0;
    return Math.round(
      (perZ * coefficient(ruleKey(s.id), w) * Math.max(-RULE_POINTS_CAP, Math.min(RULE_POINTS_CAP, s.weight))) / 10,
    );
  });
  return { z, score: scoreOf(z, w), risk: riskOfLogit(z, w), points };
}
