import { describe, expect, it } from "vitest";
import { protectedTargets } from "../domains";
import { cutShortLine, emptyState, finishAnalysis, riskFor, scoreSignals } from "./score";

describe("score stage", () => {
  it("caps each category so one family of signals cannot decide alone", () => {
    const lang = Array.from({ length: 5 }, (_, i) => ({
      id: `l${i}`,
      category: "language" as const,
      weight: 20,
      message: "",
    }));
    expect(scoreSignals(lang).score).toBe(40);
    expect(scoreSignals([...lang, { id: "t", category: "trust", weight: -15, message: "" }]).score).toBe(25);
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
    expect(a.score).toBe(50);
  });

  it("says when the analysis was cut short and which checks did not run", () => {
    const s = emptyState(100);
    s.done = ["parse", "authentication"];
    const a = finishAnalysis(s, [], { limitMs: 3000 });
    expect(a.rationale[0]).toBe(cutShortLine(["parse", "authentication"], 3000));
    expect(a.rationale[0]).toMatch(/^The analysis was cut short after 3 s: the sender checks, the link checks/);
  });
});
