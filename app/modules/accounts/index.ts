// Accounts and sign-in: what other modules may use.
export { LOGIN_WINDOW_MS, MAX_FAILURES_PER_EMAIL, MAX_FAILURES_PER_IP, listUsers } from "./accounts.server";
