// Accounts and sign-in: what other modules may use.
export {
  LOGIN_WINDOW_MS,
  MAX_FAILURES_PER_EMAIL,
  MAX_FAILURES_PER_IP,
  MAX_FAILURES_PER_PAIR,
  listUsers,
} from "./accounts.server";
// Sign-in (remix-auth form strategy).
export { createAuthenticator, LoginFailure, type LoginResult } from "./auth.server";
export { findUserByEmail, verifyLogin } from "./accounts.server";
export {
  issueResetToken,
  resetLink,
  resetPassword,
  requestPasswordReset,
  resetTokenUser,
  RESET_TTL_MS,
  RESET_REQUESTED_MESSAGE,
  RESET_INVALID_MESSAGE,
} from "./password-reset.server";
