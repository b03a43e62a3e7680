/**
 * The rules of emergency access that the page's form shows and the server enforces (isomorphic: the form's
 * limits and the zod schema of the page read them in the browser too).
 */
export const EMERGENCY_LEVELS = ["view", "takeover"] as const;
export type EmergencyLevel = (typeof EMERGENCY_LEVELS)[number];

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The wait period a contact's request waits out, in days (issue 34: 1–30). */
export const WAIT_DAYS = { min: 1, max: 30 } as const;
/** How long granted access lasts, in days (default 7). */
export const GRANT_DAYS = { min: 1, max: 30, default: 7 } as const;

export const LEVEL_TEXT: Record<EmergencyLevel, string> = { view: "read-only", takeover: "owner (takeover)" };
