/**
 * The password policy verdict for sign-up and password changes: strength by
 * zxcvbn (with the user's e-mail and organization as user inputs) and the
 * breach count from the local range store, judged by policy.ts.
 * Synchronous: the store is SQLite and zxcvbn is CPU-only.
 */
import { policyVerdictFrom, type PolicyVerdict } from "./policy";
import { breachCountForPassword } from "./range.server";
import { estimateStrength } from "./strength.server";

export type { PolicyVerdict } from "./policy";

export function passwordPolicyVerdict(password: string, { userInputs = [] }: { userInputs?: string[] } = {}): PolicyVerdict {
  const score = estimateStrength(password, userInputs).score;
  const breachCount = breachCountForPassword(password);
  return policyVerdictFrom({ password, score, breachCount });
}
