/**
 * The whole analysis on the server, for the /password form without
 * JavaScript: strength, breach count and policy verdict. The result holds no
 * trace of the password itself (no hash, no prefix), so returning it to the
 * page cannot leak it.
 */
import { policyVerdictFrom, type PolicyVerdict } from "./policy";
import { checkPasswordBreach, type BreachVerdict } from "./breach-source.server";
import { estimateStrength } from "./strength.server";
import type { StrengthReport } from "./strength";

export type PasswordAnalysis = {
  length: number;
  strength: StrengthReport;
  breach: BreachVerdict;
  /** Null when the breach check could not run: the policy needs it (no verdict beats a false pass). */
  verdict: PolicyVerdict | null;
};

export async function analyzePassword(password: string, userInputs: string[]): Promise<PasswordAnalysis> {
  const strength = estimateStrength(password, userInputs);
  const breach = await checkPasswordBreach(password);
  return {
    length: [...password].length,
    strength,
    breach,
    verdict:
      breach.status === "checked"
        ? policyVerdictFrom({ password, score: strength.score, breachCount: breach.count })
        : null,
  };
}
