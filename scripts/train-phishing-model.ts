/**
 * Trains the phishing text model (app/modules/phishing/model/model.json) and
 * the learned score layer over it and the analyzer's rules
 * (model/combiner.json, see trainLayer and docs/decisions/026).
 *
 *   npm run train:phishing          (npx tsx scripts/train-phishing-model.ts)
 *
 * Data: the SpamAssassin public corpus minus the reserved evaluation messages
 * and minus our own evaluation set's copies (scripts/phishing-model/dataset.ts),
 * plus our own multilingual phishing and legitimate examples
 * (scripts/phishing-model/training-examples.ts). Model: L2-regularised
 * logistic regression over binary features (features.ts) scaled by
 * 1/sqrt(count), fitted by AdaGrad in a fixed seeded order: the same input
 * always gives byte-identical output.
 *
 * The script first fits on 90% and reports accuracy and AUC on the other 10%
 * (split by a hash of each message's key), then fits on everything and writes
 * the model, pruned to the strongest weights, plus the list of SpamAssassin
 * keys it used (scripts/phishing-model/training-set.txt) so a test can check
 * that no reserved message was used. The score layer learns from exactly the
 * same messages (never the real-mail evaluation tenth, the reserved ids or
 * the written evaluation set).
 */
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import {
  analyzeMessage,
  extractFeatures,
  modelFeature,
  ruleFeatures,
  type CombinerWeights,
} from "~/modules/phishing/index.server";
import { REPO_ROOT, TRAINING_SET_FILE, loadReserved, selectTrainingCorpus } from "./phishing-model/dataset";
import { parseForModel } from "./phishing-model/parse-message";
import { ownExamples } from "./phishing-model/training-examples";

const MODEL_FILE = path.join(REPO_ROOT, "app/modules/phishing/model/model.json");
const COMBINER_FILE = path.join(REPO_ROOT, "app/modules/phishing/model/combiner.json");
/** Folds for the out-of-fold text-model probabilities the score layer learns from. */
const FOLDS = 5;
const EPOCHS = Number(process.env.TRAIN_EPOCHS ?? 14);
const L2 = Number(process.env.TRAIN_L2 ?? 1e-3);
const LEARNING_RATE = 0.5;
const MIN_DOC_FREQ = 2;
const MAX_FEATURES = 40_000;
/** Our own examples are few but are the kind of mail the analyzer meets today. */
const OWN_WEIGHT = Number(process.env.TRAIN_OWN_WEIGHT ?? 4);

type Doc = { key: string; label: 0 | 1; weight: number; features: string[]; source: string; raw?: string };

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Hold-out bucket; our own examples' variants of one entry share a bucket (key without "/<variant>"). */
function bucket(key: string): number {
  const group = key.startsWith("own/") ? key.slice(0, key.lastIndexOf("/")) : key;
  return createHash("sha256").update(group).digest()[0]! % 10;
}

type Fitted = { bias: number; weights: Map<string, number> };

function fit(docs: Doc[], vocab: Set<string>): Fitted {
  const w = new Map<string, number>();
  const g2 = new Map<string, number>();
  let bias = 0;
  let biasG2 = 0;
  // Balance the classes by total weight, so the prior is 50/50 before the evidence.
  let pos = 0;
  let neg = 0;
  for (const d of docs) {
    if (d.label) pos += d.weight;
    else neg += d.weight;
  }
  const classScale = [(pos + neg) / (2 * neg), (pos + neg) / (2 * pos)];
  const order = docs.map((_, i) => i);
  const rand = mulberry32(1337);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const idx of order) {
      const d = docs[idx]!;
      const feats = d.features.filter((f) => vocab.has(f));
      const x = 1 / Math.sqrt(Math.max(1, d.features.length));
      let z = bias;
      for (const f of feats) z += (w.get(f) ?? 0) * x;
      const p = 1 / (1 + Math.exp(-z));
      const err = (p - d.label) * d.weight * classScale[d.label]!;
      biasG2 += err * err;
      bias -= (LEARNING_RATE * err) / Math.sqrt(biasG2 + 1e-8);
      for (const f of feats) {
        const wf = w.get(f) ?? 0;
        const g = err * x + L2 * wf;
        const acc = (g2.get(f) ?? 0) + g * g;
        g2.set(f, acc);
        w.set(f, wf - (LEARNING_RATE * g) / Math.sqrt(acc + 1e-8));
      }
    }
  }
  return { bias, weights: w };
}

function predict(m: Fitted, features: string[]): number {
  const x = 1 / Math.sqrt(Math.max(1, features.length));
  let z = m.bias;
  for (const f of features) z += (m.weights.get(f) ?? 0) * x;
  return 1 / (1 + Math.exp(-z));
}

export function auc(scores: { p: number; label: 0 | 1 }[]): number {
  const sorted = [...scores].sort((a, b) => a.p - b.p);
  let rankSum = 0;
  let npos = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j]!.p === sorted[i]!.p) j++;
    const avgRank = (i + j + 1) / 2;
    for (let k = i; k < j; k++)
      if (sorted[k]!.label === 1) {
        rankSum += avgRank;
        npos++;
      }
    i = j;
  }
  const nneg = sorted.length - npos;
  return npos && nneg ? (rankSum - (npos * (npos + 1)) / 2) / (npos * nneg) : NaN;
}

function report(name: string, m: Fitted, docs: Doc[]) {
  const scores = docs.map((d) => ({ p: predict(m, d.features), label: d.label }));
  const correct = scores.filter((s) => (s.p >= 0.5 ? 1 : 0) === s.label).length;
  console.log(
    `${name}: n=${docs.length} accuracy=${((100 * correct) / docs.length).toFixed(1)}% AUC=${auc(scores).toFixed(4)}`,
  );
  for (const source of [...new Set(docs.map((d) => d.source))].sort()) {
    const s = docs.filter((d) => d.source === source);
    const ok = s.filter((d) => (predict(m, d.features) >= 0.5 ? 1 : 0) === d.label).length;
    console.log(`  ${source.padEnd(22)} ${ok}/${s.length} correct`);
  }
}

const OFFLINE = {
  orgDomains: ["rampart-train.example"],
  resolver: async (): Promise<never> => {
    throw Object.assign(new Error("training: no DNS"), { code: "ETIMEOUT" });
  },
  dnsBudgetMs: 50,
  now: new Date("2026-11-25T00:00:00Z"),
};

/** A raw message around one of our own text examples, the same envelope for both labels (the layer learns from the text's signals). */
function ownRaw(e: { id: string; subject: string; text: string }): string {
  const n = createHash("sha256").update(e.id).digest().readUInt16BE(0) % 400;
  return [
    `From: Sender ${n} <info@sender${n}.example.org>`,
    "To: someone@example.net",
    `Subject: ${e.subject}`,
    "Date: Wed, 25 Nov 2026 08:00:00 +0000",
    `Message-ID: <${n}.${createHash("sha256").update(e.id).digest("hex").slice(0, 12)}@sender${n}.example.org>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    e.text,
    "",
  ].join("\r\n");
}

type LayerRow = { label: 0 | 1; weight: number; x: Map<string, number>; m: number; source: string };

/**
 * The score layer (issue 29, model/combine.ts): a logistic regression over each rule's points and the text
 * model's clipped logit, on the training split only. Every training message runs through the real analyzer
 * with the text model of the fold that did not see it (out-of-fold probabilities are honest, the final
 * model's are not). Two steps: a shared coefficient for all rule points (the prior), then one coefficient per
 * rule pulled towards it by an L2 penalty, so a rule seen rarely keeps about the prior and one the data never
 * shows keeps exactly the prior. Coefficients of rules and model stay >= 0. Classes are balanced by weight.
 */
function fitLayer(rows: LayerRow[], shared: boolean, prior: number, lambda: number) {
  let pos = 0;
  let neg = 0;
  for (const r of rows) {
    if (r.label) pos += r.weight;
    else neg += r.weight;
  }
  const total = pos + neg;
  const cw = [total / (2 * neg), total / (2 * pos)];
  const keys = [...new Set(rows.flatMap((r) => [...r.x.keys()]))].sort();
  const coef = new Map(keys.map((k) => [k, prior]));
  let bias = 0;
  let model = 0.5;
  let c0 = prior;
  // Adam on the full batch: a few dozen features, a few thousand rows.
  const params = ["bias", "model", "c0", ...keys];
  const m1 = new Map<string, number>();
  const m2 = new Map<string, number>();
  const lr = 0.05;
  for (let it = 1; it <= 1500; it++) {
    const grad = new Map<string, number>();
    const g = (k: string, v: number) => grad.set(k, (grad.get(k) ?? 0) + v);
    for (const r of rows) {
      let z = bias + model * r.m;
      let sx = 0;
      for (const [k, v] of r.x) {
        if (shared) sx += v;
        else z += coef.get(k)! * v;
      }
      if (shared) z += c0 * sx;
      const p = 1 / (1 + Math.exp(-z));
      const e = ((p - r.label) * r.weight * cw[r.label]!) / total;
      g("bias", e);
      g("model", e * r.m);
      if (shared) g("c0", e * sx);
      else for (const [k, v] of r.x) g(k, e * v);
    }
    if (!shared) for (const k of keys) g(k, lambda * (coef.get(k)! - prior));
    for (const k of params) {
      if (shared ? keys.includes(k) : k === "c0") continue;
      const gk = grad.get(k) ?? 0;
      const a = 0.9 * (m1.get(k) ?? 0) + 0.1 * gk;
      const b = 0.999 * (m2.get(k) ?? 0) + 0.001 * gk * gk;
      m1.set(k, a);
      m2.set(k, b);
      const step = (lr * (a / (1 - 0.9 ** it))) / (Math.sqrt(b / (1 - 0.999 ** it)) + 1e-8);
      if (k === "bias") bias -= step;
      else if (k === "model") model = Math.max(0, model - step);
      else if (k === "c0") c0 = Math.max(0, c0 - step);
      else coef.set(k, Math.max(0, coef.get(k)! - step));
    }
  }
  return { bias, model, c0, coef };
}

function layerLogit(w: Omit<CombinerWeights, "thresholds" | "version">, r: LayerRow): number {
  let z = w.bias + w.model * r.m;
  for (const [k, v] of r.x) z += (w.rules[k] ?? w.prior) * v;
  return z;
}

/** The smallest logit at which at most `share` of the legitimate rows' weight lies at or above it. */
function thresholdFor(rows: { z: number; weight: number }[], share: number): number {
  const sorted = [...rows].sort((a, b) => b.z - a.z);
  const total = sorted.reduce((t, r) => t + r.weight, 0);
  let above = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (above + sorted[i]!.weight > share * total)
      return i === 0 ? sorted[0]!.z + 0.01 : (sorted[i]!.z + sorted[i - 1]!.z) / 2;
    above += sorted[i]!.weight;
  }
  return sorted[sorted.length - 1]!.z;
}

/** Share of legitimate training mail (by weight) the thresholds allow at medium or high and at high. */
const MEDIUM_SHARE = Number(process.env.TRAIN_MEDIUM_SHARE ?? 0.05);
const HIGH_SHARE = Number(process.env.TRAIN_HIGH_SHARE ?? 0.004);
const LAMBDA = Number(process.env.TRAIN_LAYER_L2 ?? 0.002);

async function trainLayer(docs: Doc[], vocab: Set<string>): Promise<CombinerWeights> {
  const folds = Array.from({ length: FOLDS }, (_, f) =>
    fit(
      docs.filter((d) => bucket(d.key) % FOLDS !== f),
      vocab,
    ),
  );
  const oof = docs.map((d) => ({ p: predict(folds[bucket(d.key) % FOLDS]!, d.features), label: d.label }));
  console.log(`text model out of fold (${FOLDS} folds): AUC ${auc(oof).toFixed(4)}`);
  const rows: LayerRow[] = [];
  for (const d of docs) {
    const trial = folds[bucket(d.key) % FOLDS]!;
    // The probability the analyzer itself asks for, on its own parse of the message (null if it never ran).
    let p: number | null = null;
    const textModel = (input: { subject: string; text: string; urls: string[] }) => {
      p = predict(trial, [...extractFeatures(input)]);
      return { probability: p, topTokens: [] };
    };
    const a = await analyzeMessage(Buffer.from(d.raw!, "utf8"), { ...OFFLINE, textModel });
    rows.push({
      label: d.label,
      weight: d.weight,
      x: ruleFeatures(a.signals.filter((s) => s.id !== "no-decisive-sign")),
      m: modelFeature(p),
      source: d.source,
    });
  }
  const first = fitLayer(rows, true, 1, 0);
  console.log(
    `score layer, shared step: bias ${first.bias.toFixed(3)}, model ${first.model.toFixed(3)}, rule points ${first.c0.toFixed(3)} per 10`,
  );
  const second = fitLayer(rows, false, first.c0, LAMBDA);
  const rules: Record<string, number> = {};
  for (const [k, v] of [...second.coef].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
    rules[k] = Math.round(v * 10000) / 10000;
  const w = {
    bias: Math.round(second.bias * 10000) / 10000,
    model: Math.round(second.model * 10000) / 10000,
    prior: Math.round(first.c0 * 10000) / 10000,
    rules,
  };
  const scored = rows.map((r) => ({ z: layerLogit(w, r), label: r.label, weight: r.weight, source: r.source }));
  const ham = scored.filter((r) => !r.label);
  let medium = thresholdFor(ham, MEDIUM_SHARE);
  const high = thresholdFor(ham, HIGH_SHARE);
  // A confident model alone (p = 0.95, no rule fired) reaches medium (issue 29).
  const alone = w.bias + w.model * modelFeature(0.95);
  if (alone < medium) {
    console.log(
      `medium threshold lowered from ${medium.toFixed(3)} to ${alone.toFixed(3)}: a confident model alone reaches medium`,
    );
    medium = alone;
  }
  const thresholds = {
    medium: Math.round(medium * 10000) / 10000,
    high: Math.round(Math.max(high, medium + 1) * 10000) / 10000,
  };
  for (const source of [...new Set(scored.map((r) => r.source))].sort()) {
    const s = scored.filter((r) => r.source === source);
    const at = (t: number) => s.filter((r) => r.z >= t).length;
    console.log(
      `  ${source.padEnd(22)} n=${String(s.length).padStart(5)}  medium+ ${String(at(thresholds.medium)).padStart(5)}  high ${String(at(thresholds.high)).padStart(5)}`,
    );
  }
  console.log(
    `score layer: bias ${w.bias}, model ${w.model}, prior ${w.prior}, ${Object.keys(rules).length} rules fitted; thresholds medium ${thresholds.medium}, high ${thresholds.high}`,
  );
  console.log(
    "  strongest rules:",
    Object.entries(rules)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k}=${v.toFixed(2)}`)
      .join(" "),
  );
  return { version: 1, ...w, thresholds };
}

async function main() {
  const started = Date.now();
  const reserved = loadReserved();
  const corpus = selectTrainingCorpus();
  if (corpus.some((m) => reserved.has(m.key))) throw new Error("a reserved message reached the training set");
  console.log(`SpamAssassin: ${corpus.length} messages after excluding ${reserved.size} reserved and the eval set`);

  const docs: Doc[] = [];
  for (const m of corpus) {
    const input = await parseForModel(m.text);
    docs.push({
      key: m.key,
      label: m.label,
      weight: 1,
      features: [...extractFeatures(input)].sort(),
      source: m.group,
      raw: m.text,
    });
  }
  for (const e of ownExamples()) {
    docs.push({
      key: e.id,
      label: e.label,
      weight: OWN_WEIGHT,
      features: [...extractFeatures(e)].sort(),
      source: `own-${e.label ? "phish" : "legit"}-${e.lang}`,
      raw: ownRaw(e),
    });
  }
  console.log(`documents: ${docs.length} (${docs.filter((d) => d.label).length} positive)`);

  const df = new Map<string, number>();
  for (const d of docs) for (const f of d.features) df.set(f, (df.get(f) ?? 0) + 1);
  const vocab = new Set([...df].filter(([, n]) => n >= MIN_DOC_FREQ).map(([f]) => f));
  console.log(`vocabulary: ${vocab.size} features seen in >= ${MIN_DOC_FREQ} messages`);

  const train = docs.filter((d) => bucket(d.key) !== 0);
  const held = docs.filter((d) => bucket(d.key) === 0);
  const trial = fit(train, vocab);
  report("held-out 10%", trial, held);
  const layer = await trainLayer(docs, vocab);

  const model = fit(docs, vocab);
  report("training set (all)", model, docs);
  const kept = [...model.weights]
    .filter(([, v]) => Math.abs(v) >= 0.005)
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]) || (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_FEATURES)
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const out = {
    version: 1,
    note: "Generated by scripts/train-phishing-model.ts (npm run train:phishing); see docs/phishing-model.md.",
    trainedOn: {
      spamAssassin: corpus.length,
      own: docs.length - corpus.length,
      positive: docs.filter((d) => d.label).length,
      reservedExcluded: reserved.size,
    },
    bias: Math.round(model.bias * 10000) / 10000,
    features: kept.map(([f]) => f),
    weights: kept.map(([, v]) => Math.round(v * 10000) / 10000),
  };
  const json = JSON.stringify(out) + "\n";
  writeFileSync(MODEL_FILE, json);
  writeFileSync(
    COMBINER_FILE,
    JSON.stringify(
      {
        note: "Generated by scripts/train-phishing-model.ts (npm run train:phishing) with model.json; see model/combine.ts.",
        trainedOn: { messages: docs.length, positive: docs.filter((d) => d.label).length, folds: FOLDS },
        ...layer,
      },
      null,
      2,
    ) + "\n",
  );
  writeFileSync(TRAINING_SET_FILE, corpus.map((m) => m.key).join("\n") + "\n");
  const top = [...kept].sort((a, b) => b[1] - a[1]);
  console.log(
    "strongest phishing features:",
    top
      .slice(0, 25)
      .map(([f, v]) => `${f}=${v.toFixed(2)}`)
      .join(" "),
  );
  console.log(
    "strongest legitimate features:",
    top
      .slice(-25)
      .map(([f, v]) => `${f}=${v.toFixed(2)}`)
      .join(" "),
  );
  console.log(
    `wrote ${path.relative(REPO_ROOT, MODEL_FILE)}: ${kept.length} features, ${(json.length / 1024).toFixed(0)} KB in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
