/**
 * Tables of the sso module (issue 33 part B): a person's passkeys (WebAuthn credentials), the single-use
 * challenges of passkey ceremonies, an organization's OpenID Connect connection and the single-use state of
 * each SSO sign-in in flight. Passkeys and challenges belong to a person (no tenant_id); the connection and the
 * sign-in states belong to an organization and carry the page-cache version triggers (hand-written SQL in the
 * migration).
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../accounts/schema";
import { tenants } from "../tenants/schema";

const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const passkeys = sqliteTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The credential id (base64url) the authenticator answers with; unique across the install.
    credentialId: text("credential_id").notNull(),
    // COSE public key, base64url.
    publicKey: text("public_key").notNull(),
    // The signature counter last seen (0 for authenticators that do not count).
    counter: integer("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "number" }),
  },
  (t) => [uniqueIndex("passkeys_credential_unique").on(t.credentialId), index("passkeys_user_idx").on(t.userId)],
);

/**
 * A challenge handed to a browser for one passkey ceremony: registration (with the person) or sign-in (no one
 * yet). Deleted when used, so each works once; expired ones are refused and purged.
 */
export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    id: text("id").primaryKey(),
    purpose: text("purpose", { enum: ["register", "sign-in", "second-factor"] }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    challenge: text("challenge").notNull(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
  },
  (t) => [index("webauthn_challenges_expiry_idx").on(t.expiresAt)],
);

/** One OpenID Connect provider per organization. */
export const ssoConnections = sqliteTable("sso_connections", {
  tenantId: text("tenant_id")
    .primaryKey()
    .references(() => tenants.id, { onDelete: "cascade" }),
  issuer: text("issuer").notNull(),
  clientId: text("client_id").notNull(),
  // Sealed with app/lib/secret-box.server.ts (AES-256-GCM); never leaves the server in clear.
  clientSecretSealed: text("client_secret_sealed").notNull(),
  // Lower-cased e-mail domains this provider signs in; each verified by the organization when saved.
  domains: text("domains", { mode: "json" }).$type<string[]>().notNull(),
  defaultRole: text("default_role", { enum: ["admin", "member", "viewer"] }).notNull(),
  groupsClaim: text("groups_claim"),
  // group name -> role, applied on just-in-time creation; the highest mapped role wins.
  roleMap: text("role_map", { mode: "json" }).$type<Record<string, "admin" | "member" | "viewer">>(),
  // Set by an owner: password sign-in is refused for covered members but this owner (break-glass).
  enforcedBy: text("enforced_by").references(() => users.id, { onDelete: "set null" }),
  enforcedAt: integer("enforced_at", { mode: "number" }),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "number" }).notNull(),
});

/** An SSO sign-in in flight: the state, nonce and PKCE verifier sent to the provider, used once. */
export const ssoLoginStates = sqliteTable(
  "sso_login_states",
  {
    state: text("state").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    nonce: text("nonce").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    email: text("email").notNull(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
  },
  (t) => [index("sso_login_states_expiry_idx").on(t.expiresAt)],
);

export type SsoConnectionRow = typeof ssoConnections.$inferSelect;
export type PasskeyRow = typeof passkeys.$inferSelect;
