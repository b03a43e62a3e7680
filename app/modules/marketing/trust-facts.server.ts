import { SESSION_TTL_MS } from "~/modules/accounts";
import {
  LOGIN_WINDOW_MS,
  MAX_FAILURES_PER_EMAIL,
  MAX_FAILURES_PER_IP,
  MAX_FAILURES_PER_PAIR,
} from "~/modules/accounts";

/** The figures the /trust page quotes, read from the code that enforces them (trust.test.ts checks the other claims). */
export function trustFacts() {
  return {
    sessionDays: Math.round(SESSION_TTL_MS / 86_400_000),
    maxPerPair: MAX_FAILURES_PER_PAIR,
    maxPerEmail: MAX_FAILURES_PER_EMAIL,
    maxPerIp: MAX_FAILURES_PER_IP,
    windowMinutes: Math.round(LOGIN_WINDOW_MS / 60_000),
  };
}
