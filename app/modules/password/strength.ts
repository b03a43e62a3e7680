/**
 * Password analyzer: strength estimation.
 *
 * Computes a zxcvbn score (0-4), the estimated number of guesses, crack times
 * for the four attack models zxcvbn publishes, and its warning and
 * suggestions, with @zxcvbn-ts/core v3 and its common + English dictionaries.
 * The user's e-mail (and its local part), the organization name and the
 * product name count as user inputs, as NIST SP 800-63B asks for
 * "context-specific words".
 *
 * This file is isomorphic. The dictionaries weigh megabytes, so the browser
 * loads them with dynamic import() (a separate chunk fetched only by the
 * /password page); the server imports them statically in strength.server.ts.
 */
import type { OptionsType, ZxcvbnResult } from "@zxcvbn-ts/core";

export const SCORE_LABELS = ["Very weak", "Weak", "Fair", "Strong", "Very strong"] as const;
export type StrengthScore = 0 | 1 | 2 | 3 | 4;

/** The four zxcvbn attack models, in the order a person reads them (slowest attacker first). */
export const CRACK_TIME_CASES = [
  { key: "onlineThrottling100PerHour", label: "Online attack, throttled", rate: "100 guesses per hour" },
  { key: "onlineNoThrottling10PerSecond", label: "Online attack, not throttled", rate: "10 guesses per second" },
  { key: "offlineSlowHashing1e4PerSecond", label: "Offline attack, slow hash", rate: "10,000 guesses per second" },
  { key: "offlineFastHashing1e10PerSecond", label: "Offline attack, fast hash", rate: "10 billion guesses per second" },
] as const;
export type CrackTimeCase = (typeof CRACK_TIME_CASES)[number]["key"];

export type StrengthReport = {
  score: StrengthScore;
  label: (typeof SCORE_LABELS)[number];
  guesses: number;
  guessesLog10: number;
  /** Display strings such as "3 hours" or "centuries". */
  crackTimes: Record<CrackTimeCase, string>;
  crackTimesSeconds: Record<CrackTimeCase, number>;
  warning: string | null;
  suggestions: string[];
};

/**
 * zxcvbn's run time grows steeply with length and with l33t-looking symbols (a
 * 256-character random string took seconds with the defaults), and this runs on
 * the server for the no-JS path and every sign-up. The first 100 characters decide
 * the score anyway (a score of 4 needs far fewer), and 10 l33t substitutions
 * still catch "P@$$w0rd"-style passwords (same scores as the default 100 on
 * the common ones, measured) at a tenth of the worst-case time.
 */
export const MAX_ANALYZED_LENGTH = 100;
const L33T_MAX_SUBSTITUTIONS = 10;
/**
 * Issue 32: without fuzzy matching, "Tr0ub4dor&3" (xkcd 936's example, a
 * misspelt dictionary word with l33t substitutions) matched no dictionary
 * entry, fell to brute force and was rated 4/4 next to a crack time of
 * months. Levenshtein matching (distance 2, zxcvbn-ts' default) finds
 * "troubador" near dictionary words after l33t undoing and rates it 1/4.
 * Cost: about 100 ms more for a 100-character l33t-heavy string, measured.
 */
const USE_LEVENSHTEIN_DISTANCE = true;

/** Words an attacker would try first against this user: the e-mail, its local part, the organization and the product. */
export function strengthUserInputs(email?: string | null, organizationName?: string | null): string[] {
  return expandUserInputs([email, organizationName]);
}

/**
 * Normalises user inputs for zxcvbn: lower-cased, an e-mail address adds its
 * local part and that part's pieces ("jane.doe" -> "jane", "doe"), a name of
 * several words adds each word; "rampart" (the service's name) is always in.
 */
export function expandUserInputs(values: readonly (string | null | undefined)[]): string[] {
  const inputs = new Set<string>(["rampart"]);
  for (const raw of values) {
    const value = raw?.trim().toLowerCase();
    if (!value) continue;
    inputs.add(value);
    const at = value.lastIndexOf("@");
    if (at > 0) {
      const local = value.slice(0, at);
      inputs.add(local);
      // People build passwords from their name parts.
      for (const part of local.split(/[._+-]+/)) if (part.length >= 3) inputs.add(part);
      const domainLabel = value.slice(at + 1).split(".")[0];
      if (domainLabel && domainLabel.length >= 3) inputs.add(domainLabel);
    } else {
      for (const part of value.split(/\s+/)) if (part.length >= 3) inputs.add(part);
    }
  }
  return [...inputs];
}

export function toStrengthReport(result: ZxcvbnResult): StrengthReport {
  const score = result.score as StrengthScore;
  const crackTimes = {} as Record<CrackTimeCase, string>;
  const crackTimesSeconds = {} as Record<CrackTimeCase, number>;
  for (const c of CRACK_TIME_CASES) {
    crackTimes[c.key] = String(result.crackTimesDisplay[c.key]);
    crackTimesSeconds[c.key] = Number(result.crackTimesSeconds[c.key]);
  }
  return {
    score,
    label: SCORE_LABELS[score],
    guesses: result.guesses,
    guessesLog10: Math.round(result.guessesLog10 * 100) / 100,
    crackTimes,
    crackTimesSeconds,
    warning: result.feedback.warning || null,
    suggestions: result.feedback.suggestions ?? [],
  };
}

type CoreModule = typeof import("@zxcvbn-ts/core");
type CommonModule = typeof import("@zxcvbn-ts/language-common");
type EnModule = typeof import("@zxcvbn-ts/language-en");

/** The one place the zxcvbn options are set, for the server and the browser alike. */
export function configureZxcvbn(core: CoreModule, common: CommonModule, en: EnModule) {
  const options: OptionsType = {
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
    maxLength: MAX_ANALYZED_LENGTH,
    l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
    useLevenshteinDistance: USE_LEVENSHTEIN_DISTANCE,
  };
  core.zxcvbnOptions.setOptions(options);
  return (password: string, userInputs: string[] = []) =>
    toStrengthReport(core.zxcvbn(password.slice(0, MAX_ANALYZED_LENGTH), userInputs));
}

export type StrengthEstimator = ReturnType<typeof configureZxcvbn>;

let loading: Promise<StrengthEstimator> | null = null;

/**
 * Loads zxcvbn and its dictionaries on demand (the browser fetches them as a
 * separate chunk). Memoised: later calls share the first load.
 */
export function loadStrengthEstimator(): Promise<StrengthEstimator> {
  loading ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ])
    .then(([core, common, en]) => configureZxcvbn(interop(core), interop(common), interop(en)))
    .catch((error) => {
      loading = null; // a failed chunk download may succeed on the next try
      throw error;
    });
  return loading;
}

/** Node's ESM import of these CommonJS builds may nest the exports under `default`. */
function interop<T extends object>(mod: T): T {
  const nested = (mod as { default?: unknown }).default;
  const looksEmpty = !("zxcvbnOptions" in mod) && !("dictionary" in mod);
  return looksEmpty && nested && typeof nested === "object" ? (nested as T) : mod;
}
