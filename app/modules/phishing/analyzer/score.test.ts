import { describe, expect, it } from "vitest";
import { protectedTargets } from "../domains";
import { combine } from "../model";
import { cutShortLine, emptyState, finishAnalysis, riskFor, textModelSignal } from "./score";

describe("score stage", () => {
  it("counts a rule firing many times at most as a capped amount of evidence", () => {
    const one = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: `link-lookalike-${i}`,
        category: "lookalike" as const,
        weight: 30,
        message: "",
      }));
    expect(combine(one(2), null).z).toBe(combine(one(5), null).z);
    expect(combine(one(1), null).z).toBeLessThan(combine(one(2), null).z);
    // Reassurance lowers the score.
    const trust = { id: "authenticated-sender", category: "trust" as const, weight: -15, message: "" };
    expect(combine([...one(1), trust], null).score).toBeLessThan(combine(one(1), null).score);
  });

  it("maps scores to levels", () => {
    expect([0, 24, 25, 54, 55, 100].map(riskFor)).toEqual(["low", "low", "medium", "medium", "high", "high"]);
  });

  it("adds the combination signal when a credential request meets a deceptive sender", () => {
    const s = emptyState(100);
    s.sender = "x@paypa1.com";
    s.facts.credentialAsk = true;
    s.facts.senderLookalike = true;
    s.signals.push({ id: "sender-lookalike", category: "lookalike", weight: 40, message: "lookalike" });
    const a = finishAnalysis(s, protectedTargets([]));
    expect(a.signals.map((x) => x.id)).toContain("combo");
    expect(a.risk).toBe("high");
  });

  it("says when the analysis was cut short and which checks did not run", () => {
    const s = emptyState(100);
    s.done = ["parse", "authentication"];
    const a = finishAnalysis(s, [], { limitMs: 3000 });
    expect(a.rationale[0]).toBe(cutShortLine(["parse", "authentication"], 3000));
    expect(a.rationale[0]).toMatch(/^The analysis was cut short after 3 s: the sender checks, the link checks/);
  });
});

describe("score stage: the text model as one signal", () => {
  it("adds the model's probability as weighted evidence with its strongest tokens", () => {
    const s = emptyState(100);
    s.subject = "Verify your account now";
    s.bodyText =
      "Dear customer, your account has been suspended. Verify your password and login details here to avoid closure.";
    const signals: { id: string; weight: number; message: string }[] = [];
    textModelSignal(s, (category, id, weight, message) => signals.push({ id, weight, message }));
    expect(signals).toHaveLength(1);
    expect(s.facts.modelProbability).toBeGreaterThan(0.5);
    expect(signals[0]!.message).toMatch(
      /^The text model finds the wording and links typical of phishing \(probability 0\.\d\d\); strongest tokens: "/,
    );
  });
});
