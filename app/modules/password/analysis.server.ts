/**
 * The whole analysis on the server, for the /password form without
 * JavaScript: strength, breach count and policy verdict. The result holds no
 * trace of the password itself (no hash, no prefix), so returning it to the
 * page cannot leak it.
 */
import { policyVerdictFrom, type PolicyVerdict } from "./policy";
import { breachCountForPassword } from "./range.server";
import { estimateStrength } from "./strength.server";
import type { StrengthReport } from "./strength";

export type PasswordAnalysis = {
  length: number;
  strength: StrengthReport;
  breachCount: number;
  verdict: PolicyVerdict;
};

export function analyzePassword(password: string, userInputs: string[]): PasswordAnalysis {
  const strength = estimateStrength(password, userInputs);
  const breachCount = breachCountForPassword(password);
  return {
    length: [...password].length,
    strength,
    breachCount,
    verdict: policyVerdictFrom({ password, score: strength.score, breachCount }),
  };
}
