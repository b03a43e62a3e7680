/**
 * Single sign-on in the permission vocabulary (app/modules/permissions.ts, issue 33): owners and admins connect
 * the organization's OpenID Connect provider; only owners turn password sign-in off for covered members
 * (enforcement), since a wrong setting can lock people out and the enforcing owner is the break-glass account.
 * Passkeys are a person's own: no role is needed to manage them.
 */
import { ADMINS_AND_OWNERS, definePermissions, OWNERS } from "~/lib/permissions";

export const ssoPermissions = definePermissions({
  sso: {
    label: "Single sign-on",
    actions: {
      configure: { roles: ADMINS_AND_OWNERS, label: "Connect, change and remove the identity provider" },
      enforce: { roles: OWNERS, label: "Require single sign-on for covered members" },
    },
  },
});

export const CONFIGURE_SSO_DENIED = "Only owners and admins manage single sign-on.";
export const ENFORCE_SSO_DENIED = "Only owners can require single sign-on.";
