/**
 * API tokens in the permission vocabulary (app/modules/permissions.ts): owners and admins manage them
 * (issue 14). A token never does more than the person who made it may still do (issue 26): each scope names the
 * cell of the matrix its creator's role must allow.
 */
import { ADMINS_AND_OWNERS, definePermissions } from "~/lib/permissions";

export const apiTokenPermissions = definePermissions({
  apiToken: {
    label: "API tokens",
    actions: { manage: { roles: ADMINS_AND_OWNERS, label: "Create and revoke API tokens" } },
  },
});

export const MANAGE_TOKENS_DENIED = "Only owners and admins manage API tokens.";
