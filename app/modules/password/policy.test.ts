import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { importTestCorpus } from "../../../tests/support/pwned-corpus";
import { passwordPolicyVerdict } from "./policy.server";
import { POLICY_MESSAGES } from "./policy";
import { analyzePassword } from "./analysis.server";
import { strengthUserInputs } from "./strength";

// The product ships no corpus (issue 30): the breached-password rules are checked against an imported one.
beforeAll(() => {
  importTestCorpus(db);
});

describe("password policy verdict (NIST SP 800-63B)", () => {
  it("refuses a breached, very weak password and says why", () => {
    const v = passwordPolicyVerdict("password");
    expect(v.ok).toBe(false);
    expect(v.score).toBe(0);
    expect(v.breachCount).toBeGreaterThan(0);
    expect(v.reasons).toContain(POLICY_MESSAGES.breached(v.breachCount));
    expect(v.reasons).toContain(POLICY_MESSAGES.tooWeak);
    expect(v.reasons[0]).toMatch(/appeared in data breaches [\d,]+ times/);
  });

  it("refuses fewer than 8 characters", () => {
    const v = passwordPolicyVerdict("x7#Qp2!");
    expect(v.ok).toBe(false);
    expect(v.reasons).toContain("Use at least 8 characters.");
  });

  it("counts characters, not bytes or UTF-16 units", () => {
    // 8 emoji = 8 characters (16 UTF-16 units): long enough; refused only if weak.
    const v = passwordPolicyVerdict("🦊🌵🎻🧲🪁🛶🧿🪴");
    expect(v.reasons).not.toContain("Use at least 8 characters.");
  });

  it("has no composition rules: a long all-lower-case passphrase is accepted", () => {
    const v = passwordPolicyVerdict("tundra marmalade vexing quorum plinth");
    expect(v).toMatchObject({ ok: true, reasons: [], breachCount: 0, score: 4 });
    expect(v.notes).toEqual([]);
  });

  it("accepts a strong 12-character password with a note recommending 15", () => {
    const v = passwordPolicyVerdict("vK9#mW2!qZ7p");
    expect(v.ok).toBe(true);
    expect(v.score).toBeGreaterThanOrEqual(3);
    expect(v.notes).toEqual([POLICY_MESSAGES.recommendLength]);
  });

  it("refuses a password built from the user's own e-mail and organization", () => {
    const pw = "okonkwo2024";
    expect(passwordPolicyVerdict(pw).ok).toBe(true);
    const v = passwordPolicyVerdict(pw, {
      userInputs: strengthUserInputs("marguerite.okonkwo@zephyrlabs.example", "Zephyrlabs"),
    });
    expect(v.ok).toBe(false);
    expect(v.reasons).toContain(POLICY_MESSAGES.tooWeak);
    // Raw values as sign-up and /settings pass them are expanded the same way.
    expect(passwordPolicyVerdict(pw, { userInputs: ["marguerite.okonkwo@zephyrlabs.example"] }).ok).toBe(false);
  });

  it("refuses a common password even when long (breached: 'password123', 'iloveyou1')", () => {
    for (const pw of ["password123", "iloveyou1", "1qaz2wsx3edc"]) {
      const v = passwordPolicyVerdict(pw);
      expect(v.ok, pw).toBe(false);
      expect(v.breachCount, pw).toBeGreaterThan(0);
    }
  });

  it("the page's analysis carries no trace of the password", async () => {
    const pw = "Correct-Horse-Battery-Staple-1";
    const analysis = await analyzePassword(pw, []);
    const text = JSON.stringify(analysis);
    expect(text).not.toContain(pw);
    expect(text.toLowerCase()).not.toContain("horse");
    expect(analysis.length).toBe(pw.length);
  });
});
