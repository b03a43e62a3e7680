/**
 * Server-side strength estimation (the no-JavaScript path and the policy
 * verdict). Imports zxcvbn statically: on the server the size does not matter,
 * and a synchronous function suits sign-up and password-change actions.
 * The dictionaries are ranked on the first call, not at import.
 */
import * as core from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";
import { configureZxcvbn, type StrengthEstimator, type StrengthReport } from "./strength";

let estimator: StrengthEstimator | null = null;

export function estimateStrength(password: string, userInputs: string[] = []): StrengthReport {
  estimator ??= configureZxcvbn(core, common, en);
  return estimator(password, userInputs);
}
