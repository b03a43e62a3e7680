/**
 * Single sign-on and passkeys (issue 33 part B): an organization's OpenID Connect provider (oidc.server.ts) and a
 * person's passkeys (passkeys.server.ts). What other modules may use.
 */
import { eq } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { passkeyUserCount } from "./passkeys.server";
import { ssoConnections } from "./schema";

export {
  appOrigin,
  CALLBACK_PATH,
  emailUsesSso,
  finishSsoSignIn,
  getSsoConnection,
  localSignInRefusal,
  removeSsoConnection,
  saveSsoConnection,
  setSsoEnforced,
  SsoConfigSchema,
  SsoSignInError,
  type SsoFailure,
  SSO_NOT_COVERED_MESSAGE,
  SSO_REQUIRED_MESSAGE,
  SSO_STATE_TTL_MS,
  startSsoSignIn,
  testDiscovery,
  type DiscoveryReport,
  type SsoConfigInput,
  type SsoView,
} from "./oidc.server";
export {
  hasPasskey,
  listPasskeys,
  PasskeyError,
  PasskeyNameSchema,
  passkeyRegistrationOptions,
  passkeySecondFactorOptions,
  passkeySignInOptions,
  passkeyUserIds,
  PASSKEY_SIGN_IN_FAILED,
  registerPasskey,
  relyingParty,
  removeAllPasskeys,
  removePasskey,
  renamePasskey,
  verifyPasskeySecondFactor,
  verifyPasskeySignIn,
  type PasskeyView,
} from "./passkeys.server";
export { ssoPermissions, CONFIGURE_SSO_DENIED, ENFORCE_SSO_DENIED } from "./permissions";

export type SsoFacts = { configured: boolean; enforced: boolean; passkeyUsers: number };

/** What the Zero Trust module reads of an organization's sign-in: SSO connected, enforced, members with passkeys. */
export function ssoFacts(tenantId: string): SsoFacts {
  const row = db
    .select({ enforcedAt: ssoConnections.enforcedAt })
    .from(ssoConnections)
    .where(eq(ssoConnections.tenantId, tenantId))
    .get();
  return { configured: row !== undefined, enforced: row?.enforcedAt != null, passkeyUsers: passkeyUserCount(tenantId) };
}
export { SSO_NOTICES, ssoNotice, type SsoNotice } from "./messages";
export { ssoStateCookie } from "./state-cookie.server";
