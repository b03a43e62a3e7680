/**
 * Operator commands (npm run admin -- ...), exported through the server build
 * (entry.server.tsx) so the command line runs the same code as the app:
 * one implementation of plans, trials and their audit entries.
 */
import { isPlan, PLANS } from "./plans";
import { listAllTenants, setTenantPlan, getTenant } from "~/modules/tenants/tenants.server";
import { endTrial, startTrial, TrialError } from "~/modules/tenants/trials.server";
import { findUserByEmail, listUsers } from "~/modules/accounts/accounts.server";
import { issueResetToken, resetLink } from "~/modules/accounts/password-reset.server";
import { audit } from "~/modules/audit/audit.server";
import { contactMessages } from "@db/schema";
import { desc } from "drizzle-orm";
import { verifyDomain } from "~/modules/breach/match.js";
import { db, sqlite } from "./db.server";
import { getEnv, sessionSecret } from "./env.server";

export class OperatorError extends Error {}

/**
 * Called once by server.js at start: creates the session secret (unless
 * SESSION_SECRET is set) before the first request, so the log says where it is
 * as soon as the server starts rather than on the first sign-in.
 */
export function prepareSecrets() {
  sessionSecret();
}

export const operatorCommands = {
  plan(tenantId: string, plan: string) {
    if (!isPlan(plan)) throw new OperatorError(`Unknown plan "${plan}". Plans: ${PLANS.join(", ")}`);
    const updated = setTenantPlan(tenantId, plan);
    if (!updated) throw new OperatorError(`No organization with tenant id ${tenantId}`);
    return `${updated.name} (${tenantId}) is now on the ${plan} plan.`;
  },
  trial(tenantId: string, action: string) {
    if (!getTenant(tenantId)) throw new OperatorError(`No organization with tenant id ${tenantId}`);
    try {
      if (action === "start") {
        const t = startTrial(tenantId);
        audit({ action: "trial.started", tenantId, detail: { by: "operator" } });
        return `Trial started for ${tenantId}; it ends ${t.endsAt}.`;
      }
      if (action === "end") {
        endTrial(tenantId);
        audit({ action: "trial.ended", tenantId, detail: { by: "operator" } });
        return `Trial ended for ${tenantId}.`;
      }
    } catch (error) {
      if (error instanceof TrialError) throw new OperatorError(error.message);
      throw error;
    }
    throw new OperatorError(`Unknown trial action "${action}": use start or end`);
  },
  users() {
    return listUsers().map((u) => ({ id: u.id, email: u.email, createdAt: new Date(u.createdAt).toISOString() }));
  },
  tenants() {
    return listAllTenants().map((t) => ({ tenantId: t.id, name: t.name, plan: t.plan }));
  },
  /**
   * Marks a watched domain as verified (the operator has checked the customer
   * controls it, e.g. by a DNS TXT record) and matches it against the breach data.
   * Domain-wide results are only ever shown for verified domains.
   */
  verifyDomain(tenantId: string, domain: string) {
    if (!getTenant(tenantId)) throw new OperatorError(`No organization with tenant id ${tenantId}`);
    const result = verifyDomain(sqlite(), tenantId, domain);
    if (!result.ok) throw new OperatorError(result.message);
    audit({
      action: "darkweb.domain_verified",
      tenantId,
      detail: { by: "operator", domain: domain.trim().toLowerCase() },
    });
    return result.message;
  },
  /**
   * A password reset link for installs without SMTP: the operator hands it to
   * the user by another channel. Same token rules as the mailed link (30
   * minutes, single use); the origin is PUBLIC_URL (or http://localhost:PORT).
   */
  resetLink(email: string) {
    const user = findUserByEmail(email);
    if (!user) throw new OperatorError(`No user with e-mail ${email.trim().toLowerCase()}`);
    const token = issueResetToken(user.id);
    audit({ action: "auth.password_reset_requested", userId: user.id, detail: { by: "operator" } });
    const origin = getEnv().PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? "3000"}`;
    return `Reset link for ${user.email} (works once, for 30 minutes):\n${resetLink(origin, token)}`;
  },
  messages() {
    return db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt))
      .all()
      .map((m) => ({
        id: m.id,
        name: m.name,
        email: m.email,
        message: m.message,
        ip: m.ip,
        createdAt: new Date(m.createdAt).toISOString(),
      }));
  },
};
