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
export { findUserByEmail, getUserById, verifyLogin } from "./accounts.server";
// Accounts single sign-on creates just in time (issue 33).
export { findOrCreatePasswordlessUser } from "./passwordless.server";
// People by id for the modules that record who did something (the users table is this module's).
export { userEmail, userEmails } from "./people.server";
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
// E-mail verification (issue 20).
export {
  EMAIL_NOT_VERIFIED_CODE,
  isEmailVerified,
  markEmailVerified,
  requireVerifiedEmail,
  resendVerificationMessage,
  sendVerificationMail,
  verificationBlock,
  verifyEmail,
  verifyLink,
  VERIFY_INVALID_MESSAGE,
  VERIFY_TTL_MS,
  type VerificationMailResult,
} from "./email-verification.server";
// Account notices and the shell's account banner (issue 20).
export {
  accountBannerState,
  addAccountNotice,
  dismissAccountNotices,
  loadAccountBanner,
  type AccountBannerData,
} from "./account-notices.server";
export { AccountBanner } from "./components/account-banner";
// The account's own data and its deletion (issue 20).
export {
  deleteAccount,
  exportAccountData,
  soleOwnerMessage,
  type AccountData,
  type DeleteAccountResult,
  type ReleaseOrganizations,
} from "./account-deletion.server";
// Operators of the install and their console (issue 32).
export { isOperator, listAllAccounts, setOperator } from "./operator.server";
// Sign-in sessions (the sessions table is this module's): what the tenant context, the operator gate and the
// server's entry read of them.
export {
  getSession,
  hasSessionCookie,
  loginRedirect,
  sessionStillLive,
  sessionOverHttps,
  setSelectedTenant,
  SESSION_TTL_MS,
  type SessionRecord,
  type SessionUser,
} from "./session.server";
// Two-factor sign-in, the sign-in's second step and the person's sessions (issue 33).
export {
  checkPasskeySecondStep,
  checkSecondStep,
  confirmEnrolment,
  confirmRequiredEnrolment,
  disableTwoFactor,
  hasSecondFactor,
  hasTwoFactor,
  pendingEnrolment,
  RECOVERY_CODE_COUNT,
  resetTwoFactorByOperator,
  signInStep,
  startEnrolment,
  twoFactorStatus,
  twoFactorUserIds,
  verifySecondFactor,
  TwoFactorError,
  WRONG_SECOND_FACTOR,
  WRONG_CODE,
  type DisableResult,
  type SecondStepResult,
  type Enrolment,
  type TwoFactorStatus,
} from "./two-factor.server";
export {
  describeDevice,
  endSessionsOf,
  endUserSession,
  listUserSessions,
  type SessionListItem,
} from "./sessions.server";
// For a later Zero Trust module: how the organization signs in (the SSO module adds its own facts).
export { identityFacts, type IdentityFacts } from "./identity-facts.server";
export { EnrolmentPanel, RecoveryCodes } from "./components/two-factor";
