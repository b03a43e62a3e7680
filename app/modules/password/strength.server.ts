/**
 * Server-side strength estimation (the no-JavaScript path and the policy
 * verdict). A synchronous function suits sign-up and password-change actions.
 * zxcvbn and its dictionaries (~25 MB of memory once loaded) are loaded on the
 * first call, not when the server starts: a process that never checks a
 * password never holds them (docs/decisions/012). They are CommonJS packages,
 * so createRequire loads them synchronously.
 */
import { createRequire } from "node:module";
import { configureZxcvbn, type StrengthEstimator, type StrengthReport } from "./strength";

let estimator: StrengthEstimator | null = null;

function loadEstimator(): StrengthEstimator {
  const load = createRequire(import.meta.url);
  return configureZxcvbn(
    load("@zxcvbn-ts/core") as typeof import("@zxcvbn-ts/core"),
    load("@zxcvbn-ts/language-common") as typeof import("@zxcvbn-ts/language-common"),
    load("@zxcvbn-ts/language-en") as typeof import("@zxcvbn-ts/language-en"),
  );
}

export function estimateStrength(password: string, userInputs: string[] = []): StrengthReport {
  estimator ??= loadEstimator();
  return estimator(password, userInputs);
}
