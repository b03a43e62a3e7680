/**
 * Rampart's password policy, after NIST SP 800-63B §5.1.1.2 (memorized
 * secrets): at least 8 characters, 15 or more recommended; no composition
 * rules (no "one digit, one symbol"); refuse secrets found in breach corpora
 * and ones that are easy to guess (here: a zxcvbn score below 3, which
 * covers dictionary words, repetitive or sequential characters and
 * context-specific words such as the user's name or the organization's).
 * Isomorphic rules: the server verdict (policy.server.ts) and the live page
 * apply the same function.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const RECOMMENDED_PASSWORD_LENGTH = 15;
export const MAX_PASSWORD_LENGTH = 256;
/**
 * zxcvbn scores at or below this are refused. Issue 32: a score of 2 ("Fair")
 * means about 10^8 guesses, minutes for an offline attacker with a slow hash;
 * sign-up refused only 0 and 1 and so took passwords the page itself called
 * crackable within the hour.
 */
export const REFUSED_SCORE_AT_MOST = 2;

export type PolicyVerdict = {
  ok: boolean;
  /** Why the password is refused (empty when ok). */
  reasons: string[];
  /** Advice that does not refuse the password (e.g. the 15-character recommendation). */
  notes: string[];
  score: number;
  breachCount: number;
};

export const POLICY_MESSAGES = {
  tooShort: `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
  tooLong: `Use at most ${MAX_PASSWORD_LENGTH} characters.`,
  breached: (count: number) =>
    `This password has appeared in data breaches ${count.toLocaleString("en-US")} time${count === 1 ? "" : "s"}; choose one that has not.`,
  tooWeak: "This password is too easy to guess; choose a longer, less predictable one.",
  recommendLength: `A password of ${RECOMMENDED_PASSWORD_LENGTH} characters or more is recommended; a few unrelated words work well.`,
} as const;

/** Length counts Unicode code points, as NIST asks (an emoji is one character). */
export function passwordLength(password: string): number {
  return [...password].length;
}

export function policyVerdictFrom({
  password,
  score,
  breachCount,
}: {
  password: string;
  score: number;
  breachCount: number;
}): PolicyVerdict {
  const length = passwordLength(password);
  const reasons: string[] = [];
  const notes: string[] = [];
  if (length < MIN_PASSWORD_LENGTH) reasons.push(POLICY_MESSAGES.tooShort);
  if (length > MAX_PASSWORD_LENGTH) reasons.push(POLICY_MESSAGES.tooLong);
  if (breachCount > 0) reasons.push(POLICY_MESSAGES.breached(breachCount));
  if (score <= REFUSED_SCORE_AT_MOST) reasons.push(POLICY_MESSAGES.tooWeak);
  if (length < RECOMMENDED_PASSWORD_LENGTH && length >= MIN_PASSWORD_LENGTH)
    notes.push(POLICY_MESSAGES.recommendLength);
  return { ok: reasons.length === 0, reasons, notes, score, breachCount };
}
