/**
 * Organization members and invitations. Owners and admins create invitation
 * links for a role (admin, member or viewer); the token is shown once and only its
 * SHA-256 is stored; a link works once and for 7 days. Only owners change
 * roles and remove members, and an organization always keeps one owner.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, asc, count, eq, isNull } from "drizzle-orm";
import { invitations, memberships, tenants } from "./schema";
import { db } from "~/lib/db.server";
import { mailerConfigured, sendMail } from "~/lib/mailer.server";
import { linkMailRefused } from "~/lib/public-origin.server";
import { userEmails } from "~/modules/accounts";
import { audit } from "~/modules/audit";
import { revokeTokensBeyondRole } from "~/modules/api-tokens";
import type { INVITABLE_ROLES, Role } from "~/lib/permissions";
import { assertCan } from "~/modules/permissions";
import { displayTenantName } from "~/lib/plans";
import { DomainError } from "~/lib/errors";
import { getMembership } from "./tenants.server";

type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const hashToken = (t: string) => createHash("sha256").update(t).digest("hex");

export class MemberError extends DomainError {
  constructor(message: string, status: 400 | 404 = 400) {
    super(message, { status });
  }
}

export function listMembers(tenantId: string) {
  const rows = db
    .select({ userId: memberships.userId, role: memberships.role, joinedAt: memberships.createdAt })
    .from(memberships)
    .where(eq(memberships.tenantId, tenantId))
    .orderBy(asc(memberships.createdAt))
    .all();
  const emails = userEmails(rows.map((m) => m.userId));
  // A membership goes with its user (cascade), so every member has an address.
  return rows.flatMap(({ userId, role, joinedAt }) => {
    const email = emails.get(userId);
    return email === undefined ? [] : [{ userId, email, role, joinedAt }];
  });
}

/**
 * The actor's role in the organization (null when neither a member nor holding an emergency access grant there):
 * module commands check it against the permission table. A takeover grant acts with owner rights; the last-owner
 * guard below still counts only members, so a grant can never leave the organization without one.
 */
function actorRole(tenantId: string, userId: string): Role | null {
  return getMembership(userId, tenantId)?.role ?? null;
}

export function createInvitation(tenantId: string, role: InvitableRole, createdBy: string, ip?: string) {
  assertCan(actorRole(tenantId, createdBy), "member", "invite");
  const token = randomBytes(24).toString("base64url");
  const id = randomUUID();
  db.insert(invitations)
    .values({ id, tenantId, tokenHash: hashToken(token), role, createdBy, expiresAt: Date.now() + INVITATION_TTL_MS })
    .run();
  audit({ action: "member.invited", tenantId, userId: createdBy, ip, detail: { role, invitationId: id } });
  return { id, token };
}

export function listOpenInvitations(tenantId: string) {
  return db
    .select({
      id: invitations.id,
      role: invitations.role,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .where(and(eq(invitations.tenantId, tenantId), isNull(invitations.acceptedAt)))
    .orderBy(asc(invitations.createdAt))
    .all()
    .filter((i) => i.expiresAt > Date.now());
}

export function revokeInvitation(tenantId: string, invitationId: string): boolean {
  return (
    db
      .delete(invitations)
      .where(and(eq(invitations.tenantId, tenantId), eq(invitations.id, invitationId)))
      .run().changes > 0
  );
}

/** Joins the invitation's organization; refuses expired or used links and respects the joiner's organization limit. */
export type InvitationView =
  | { status: "open"; organization: string; role: InvitableRole; invitedBy: string | null; expiresAt: number }
  | { status: "used" | "expired" | "unknown"; message: string };

/**
 * What an invitation link says before anyone accepts it (issue 32): who invited, to which organization, with which
 * role; or, for a used, expired or unknown token, why it no longer works, so the page shows that up front.
 */
export function describeInvitation(token: string, now = Date.now()): InvitationView {
  const row = token
    ? db
        .select({
          tenantId: invitations.tenantId,
          role: invitations.role,
          expiresAt: invitations.expiresAt,
          acceptedAt: invitations.acceptedAt,
          organization: tenants.name,
          createdBy: invitations.createdBy,
        })
        .from(invitations)
        .innerJoin(tenants, eq(tenants.id, invitations.tenantId))
        .where(eq(invitations.tokenHash, hashToken(token)))
        .get()
    : undefined;
  // The inviter's address comes from the accounts module, which owns the users table.
  const inv = row && {
    ...row,
    invitedBy: row.createdBy ? (userEmails([row.createdBy]).get(row.createdBy) ?? null) : null,
  };
  if (!inv)
    return {
      status: "unknown",
      message: "This invitation link is not valid: it may have been revoked or mistyped. Ask for a new one.",
    };
  if (inv.acceptedAt)
    return {
      status: "used",
      message: `This invitation to ${displayTenantName(inv.organization)} has already been used. Ask ${inv.invitedBy ?? "the organization's admins"} for a new one.`,
    };
  if (inv.expiresAt <= now)
    return {
      status: "expired",
      message: `This invitation to ${displayTenantName(inv.organization)} has expired. Ask ${inv.invitedBy ?? "the organization's admins"} for a new one.`,
    };
  return {
    status: "open",
    organization: displayTenantName(inv.organization),
    role: inv.role,
    invitedBy: inv.invitedBy,
    expiresAt: inv.expiresAt,
  };
}

export function acceptInvitation(token: string, userId: string, ip?: string): { tenantId: string } {
  return db.transaction(
    () => {
      const inv = db
        .select()
        .from(invitations)
        .where(eq(invitations.tokenHash, hashToken(token)))
        .get();
      if (!inv || inv.acceptedAt || inv.expiresAt <= Date.now())
        throw new MemberError("This invitation link is invalid or has expired.");
      const existing = db
        .select()
        .from(memberships)
        .where(and(eq(memberships.tenantId, inv.tenantId), eq(memberships.userId, userId)))
        .get();
      if (existing) return { tenantId: inv.tenantId };
      // Joining is not creating (issue 32): the organization allowance limits the organizations a person owns,
      // so a Free user joins a colleague's organization whatever they own themselves.
      db.insert(memberships).values({ id: randomUUID(), userId, tenantId: inv.tenantId, role: inv.role }).run();
      db.update(invitations)
        .set({ acceptedBy: userId, acceptedAt: Date.now() })
        .where(eq(invitations.id, inv.id))
        .run();
      audit({ action: "member.joined", tenantId: inv.tenantId, userId, ip, detail: { role: inv.role } });
      return { tenantId: inv.tenantId };
    },
    { behavior: "immediate" },
  );
}

function ownerCount(tenantId: string) {
  return (
    db
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.tenantId, tenantId), eq(memberships.role, "owner")))
      .get()?.n ?? 0
  );
}

export function changeRole(tenantId: string, actorId: string, memberUserId: string, role: Role, ip?: string) {
  db.transaction(
    () => {
      assertCan(actorRole(tenantId, actorId), "member", "manage");
      const member = db
        .select()
        .from(memberships)
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, memberUserId)))
        .get();
      if (!member) throw new MemberError("This person is not a member of the organization.", 404);
      if (member.role === "owner" && role !== "owner" && ownerCount(tenantId) <= 1) {
        throw new MemberError("An organization must keep at least one owner.");
      }
      db.update(memberships).set({ role }).where(eq(memberships.id, member.id)).run();
      // Their API tokens never do more than they now may (issue 26).
      revokeTokensBeyondRole({ tenantId, creatorId: memberUserId, role, reason: "role-changed", actorId, ip });
      audit({
        action: "member.role_changed",
        tenantId,
        userId: actorId,
        ip,
        detail: { member: memberUserId, from: member.role, to: role },
      });
    },
    { behavior: "immediate" },
  );
}

export function removeMember(tenantId: string, actorId: string, memberUserId: string, ip?: string) {
  db.transaction(
    () => {
      assertCan(actorRole(tenantId, actorId), "member", "manage");
      const member = db
        .select()
        .from(memberships)
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, memberUserId)))
        .get();
      if (!member) throw new MemberError("This person is not a member of the organization.", 404);
      if (member.role === "owner" && ownerCount(tenantId) <= 1)
        throw new MemberError("An organization must keep at least one owner.");
      db.delete(memberships).where(eq(memberships.id, member.id)).run();
      // Their API tokens stop with their membership (issue 26).
      revokeTokensBeyondRole({ tenantId, creatorId: memberUserId, role: null, reason: "member-removed", actorId, ip });
      audit({
        action: "member.removed",
        tenantId,
        userId: actorId,
        ip,
        detail: { member: memberUserId, role: member.role },
      });
    },
    { behavior: "immediate" },
  );
}

export type InvitationMail =
  { sent: true; delivery: Promise<boolean> } | { sent: false; reason: "no-smtp" | "no-public-url" };

export function invitationLink(origin: string, token: string) {
  return `${origin.replace(/\/+$/, "")}/invite/${token}`;
}

/**
 * Mails an invitation link (issue 20) besides showing it. Without SMTP nothing
 * is sent and the caller says so: the link on the page is then the only way.
 * `origin` is the configured public address (linkOrigin()): without one
 * nothing is mailed either (a link from the request's Host header is the
 * client's to choose), and the server log says why. `delivery` resolves false
 * when the mail server refused (logged, not thrown: the link was shown anyway).
 */
export function sendInvitationMail(input: {
  to: string;
  token: string;
  origin: string | null;
  organization: string;
  invitedBy: string;
  role: string;
}): InvitationMail {
  if (!mailerConfigured()) return { sent: false, reason: "no-smtp" };
  if (!input.origin) {
    linkMailRefused("invitation");
    return { sent: false, reason: "no-public-url" };
  }
  const link = invitationLink(input.origin, input.token);
  const delivery = sendMail({
    to: input.to,
    subject: `${input.invitedBy} invited you to ${input.organization} on Rampart`,
    text: [
      `${input.invitedBy} invited you to join the organization "${input.organization}" on Rampart as ${input.role}.`,
      "",
      "Accept the invitation here (the link works once, for 7 days):",
      link,
      "",
      "If you do not know this person, ignore this message.",
    ].join("\n"),
  }).then(
    () => true,
    (error: unknown) => {
      console.error(`Invitation mail failed: ${(error as Error).message}`);
      return false;
    },
  );
  return { sent: true, delivery };
}
