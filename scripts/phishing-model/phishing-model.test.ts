// Training-data hygiene and held-out quality of the shipped text model.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scoreTextModel } from "../../app/modules/phishing/model";
import {
  COMMITTED_RESERVED,
  EVAL_DIR,
  SHARED_RESERVED,
  TRAINING_SET_FILE,
  loadEvalCorpusKeys,
  loadReserved,
  selectTrainingCorpus,
} from "./dataset";
import { parseForModel } from "./parse-message";

const lines = (file: string) =>
  readFileSync(file, "utf8")
    .split(/\r?\n/)
    .filter((l) => l.trim());

describe("training set", () => {
  const reserved = loadReserved();
  const selected = selectTrainingCorpus().map((m) => m.key);
  const committed = lines(TRAINING_SET_FILE);

  it("knows the 200 reserved messages, from the committed copy and the shared list when present", () => {
    expect(lines(COMMITTED_RESERVED)).toHaveLength(200);
    if (existsSync(SHARED_RESERVED))
      expect(new Set(lines(SHARED_RESERVED))).toEqual(new Set(lines(COMMITTED_RESERVED)));
    expect(reserved.size).toBe(200);
  });

  it("contains no reserved message, neither in the selection nor in the list the shipped model was trained on", () => {
    expect(selected.filter((k) => reserved.has(k))).toEqual([]);
    expect(committed.filter((k) => reserved.has(k))).toEqual([]);
    // The shipped model was trained on exactly today's selection (retrain after changing it).
    expect(committed).toEqual(selected);
    expect(selected.length).toBeGreaterThan(5000);
  });

  it("is disjoint from the evaluation set's SpamAssassin messages", () => {
    const inEval = loadEvalCorpusKeys();
    expect(inEval.size).toBeGreaterThanOrEqual(40);
    expect(committed.filter((k) => inEval.has(k))).toEqual([]);
    for (const k of inEval) expect(reserved.has(k)).toBe(false);
  });
});

describe("held-out quality (the evaluation set, never trained on)", () => {
  it("separates phishing from legitimate mail far better than chance", async () => {
    const scored: { p: number; y: number }[] = [];
    for (const [label, y] of [
      ["phishing", 1],
      ["legitimate", 0],
    ] as const) {
      for (const f of readdirSync(path.join(EVAL_DIR, label))) {
        const input = await parseForModel(readFileSync(path.join(EVAL_DIR, label, f)));
        scored.push({ p: scoreTextModel(input).probability, y });
      }
    }
    expect(scored.length).toBeGreaterThanOrEqual(300);
    // AUC: the chance that a random phishing message outranks a random legitimate one (0.5 = chance).
    const pos = scored.filter((s) => s.y === 1);
    const neg = scored.filter((s) => s.y === 0);
    let wins = 0;
    for (const p of pos) for (const n of neg) wins += p.p > n.p ? 1 : p.p === n.p ? 0.5 : 0;
    const auc = wins / (pos.length * neg.length);
    const accuracy = scored.filter((s) => (s.p >= 0.5 ? 1 : 0) === s.y).length / scored.length;
    expect(auc).toBeGreaterThan(0.9);
    expect(accuracy).toBeGreaterThan(0.85);
  }, 120_000);
});
