/**
 * Operator commands (`npm run admin -- ...`, scripts/admin.ts). There is no
 * payment provider: plans and trials are set here. The command line imports
 * this module directly, so it runs the same module functions as the app (one
 * implementation of plans, trials and their audit entries) without the Remix build.
 */
import { isPlan, PLANS } from "~/lib/plans";
import { envVar } from "~/lib/env.server";
import { listAllTenants, setTenantPlan, getTenant, endTrial, startTrial, TrialError } from "~/modules/tenants";
import {
  endSessionsOf,
  findUserByEmail,
  issueResetToken,
  resetTwoFactorByOperator,
  listUsers,
  markEmailVerified,
  resetLink,
  setOperator,
} from "~/modules/accounts";
import { audit } from "~/modules/audit";
import { listContactMessages } from "~/modules/contact";
import { verifyWatchedDomain } from "~/modules/breach";
import { approveNetworkTarget } from "~/modules/network";
import { configuredOrigin, forgetStoredPublicUrl, storePublicUrl } from "~/lib/public-origin.server";
import { DomainError } from "~/lib/errors";

export class OperatorError extends DomainError {}

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
  /**
   * Approves an IP range an organization attested on /network-security (issue 36): only then may the server's
   * scheduled scans (RAMPART_NETWORK_SCANS=1) reach it. The target as the page shows it (e.g. 203.0.113.0/28).
   */
  approveNetworkTarget(tenantId: string, target: string) {
    if (!getTenant(tenantId)) throw new OperatorError(`No organization with tenant id ${tenantId}`);
    if (!approveNetworkTarget(tenantId, target.trim().toLowerCase()))
      throw new OperatorError(`The organization has not attested ${target} as a network scan target.`);
    audit({ action: "network.target_approved", tenantId, detail: { by: "operator", target } });
    return `Approved ${target}: scheduled scans may reach it.`;
  },
  verifyDomain(tenantId: string, domain: string) {
    if (!getTenant(tenantId)) throw new OperatorError(`No organization with tenant id ${tenantId}`);
    const result = verifyWatchedDomain(tenantId, domain);
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
   * minutes, single use); the origin is the configured public address (or http://localhost:PORT).
   */
  resetLink(email: string) {
    const user = findUserByEmail(email);
    if (!user) throw new OperatorError(`No user with e-mail ${email.trim().toLowerCase()}`);
    const token = issueResetToken(user.id);
    audit({ action: "auth.password_reset_requested", userId: user.id, detail: { by: "operator" } });
    const origin = configuredOrigin() ?? `http://localhost:${envVar("PORT")}`;
    return `Reset link for ${user.email} (works once, for 30 minutes):\n${resetLink(origin, token)}`;
  },
  /** Makes an account an operator: it may open the operator console at /operator (issue 32). */
  operator(email: string, action: string = "grant") {
    const user = findUserByEmail(email);
    if (!user) throw new OperatorError(`No user with e-mail ${email.trim().toLowerCase()}`);
    if (action !== "grant" && action !== "revoke")
      throw new OperatorError(`Unknown operator action "${action}": use grant or revoke`);
    setOperator(user.id, action === "grant");
    return action === "grant"
      ? `${user.email} is an operator: the operator console is at /operator.`
      : `${user.email} is no longer an operator.`;
  },
  /**
   * Issue 33: turns off the two-factor sign-in of a person who lost their device and their recovery codes, and
   * ends their sessions; audited (auth.two_factor_reset, by "operator command line").
   */
  reset2fa(email: string) {
    const user = findUserByEmail(email);
    if (!user) throw new OperatorError(`No user with e-mail ${email.trim().toLowerCase()}`);
    if (!resetTwoFactorByOperator(user.id, { operator: "operator command line" }))
      throw new OperatorError(`${user.email} has no two-factor sign-in to reset.`);
    const ended = endSessionsOf(user.id, null);
    return `Two-factor sign-in of ${user.email} was reset and ${ended} session${ended === 1 ? "" : "s"} ended.`;
  },
  /** Marks an address verified, for installs without SMTP (the verification mail cannot go out). */
  verifyEmail(email: string) {
    const user = findUserByEmail(email);
    if (!user) throw new OperatorError(`No user with e-mail ${email.trim().toLowerCase()}`);
    markEmailVerified(user.id, { by: "operator" });
    return `${user.email} is verified.`;
  },
  /**
   * The site's public address, for links in mail (password reset, verification,
   * invitations) when PUBLIC_URL is not set: stored in the data directory, read
   * by the running server within a second. Without an argument, shows it;
   * `unset` removes it.
   */
  publicUrl(url?: string) {
    if (url === "unset") {
      forgetStoredPublicUrl();
      audit({ action: "operator.public_url_unset" });
      return configuredOrigin()
        ? `Stored address removed; PUBLIC_URL (${configuredOrigin()}) is still set.`
        : "Stored address removed: link mail is not sent until a public address is configured.";
    }
    if (url === undefined) {
      const current = configuredOrigin();
      return current
        ? `Public address: ${current}${envVar("PUBLIC_URL") ? " (from PUBLIC_URL)" : ""}`
        : "No public address is configured: link mail is not sent. Set one: npm run admin -- public-url https://your.site";
    }
    try {
      const origin = storePublicUrl(url);
      audit({ action: "operator.public_url_set", detail: { origin } });
      const fromEnv = envVar("PUBLIC_URL");
      return fromEnv
        ? `Stored ${origin}; PUBLIC_URL (${fromEnv}) is set and takes precedence.`
        : `Public address set to ${origin}: links in mail now point there.`;
    } catch (error) {
      throw new OperatorError((error as Error).message);
    }
  },
  messages() {
    return listContactMessages().map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      message: m.message,
      ip: m.ip,
      createdAt: new Date(m.createdAt).toISOString(),
    }));
  },
};
