/**
 * The password policy verdict for sign-up and password changes: strength by
 * zxcvbn (with the user's e-mail and organization as user inputs) and the
 * breach count from the local range store, judged by policy.ts.
 * Synchronous: the store is SQLite and zxcvbn is CPU-only.
 */
import { policyVerdictFrom, type PolicyVerdict } from "./policy";
import { breachCountForPassword } from "./range.server";
import { estimateStrength } from "./strength.server";
import { expandUserInputs } from "./strength";

export type { PolicyVerdict } from "./policy";

/**
 * `userInputs`: the user's e-mail address, organization name and the like, as
 * they are; e-mail addresses are expanded to their local part and its pieces.
 */
export function passwordPolicyVerdict(
  password: string,
  { userInputs = [] }: { userInputs?: readonly (string | null | undefined)[] } = {},
): PolicyVerdict {
  const score = estimateStrength(password, expandUserInputs(userInputs)).score;
  const breachCount = breachCountForPassword(password);
  return policyVerdictFrom({ password, score, breachCount });
}
