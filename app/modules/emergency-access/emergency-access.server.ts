/**
 * Emergency access (issue 34; after Bitwarden's emergency access and Google's Inactive Account Manager): an owner
 * or admin names trusted contacts with a level (`view`: read-only, `takeover`: owner rights), a wait period and a
 * grant duration. The state machine of one contact:
 *
 *   invited → accepted → requested ──(wait period ends, job)──→ granted ──(duration ends, job)──→ accepted
 *                 ↑            └──(rejected by an owner or admin)──┘   └──(revoked by an owner)──→ accepted
 *   invited → declined (by the contact); any state → removed (by an owner or admin)
 *
 * Every transition is one transaction that checks the state it leaves, writes the timeline and the audit trail.
 * Time comes from the app clock (app/lib/clock.server.ts). The automatic grant and the expiry are durable jobs
 * (app/lib/jobs.server.ts) keyed per contact; each re-reads the row and acts only if it is still due, so a stale
 * job (the request was rejected and asked again) does nothing. Mail goes through a durable outbox job, and only to
 * verified addresses (an invitation to an address without an account goes to that address, which the person
 * verifies by signing up before they can accept).
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, notInArray, or } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { now } from "~/lib/clock.server";
import { DomainError } from "~/lib/errors";
import { cancelJob, enqueueJob, registerJobHandler } from "~/lib/jobs.server";
import { mailerConfigured, sendMail } from "~/lib/mailer.server";
import { linkOrigin, linkMailRefused } from "~/lib/public-origin.server";
import { displayTenantName, hasFeature } from "~/lib/plans";
import { assertCan } from "~/modules/permissions";
import { audit } from "~/modules/audit";
import { findUserByEmail, isEmailVerified, userEmail, userEmails } from "~/modules/accounts";
import { getMembership, getTenant, memberUserIds, tenantEffectivePlanOf } from "~/modules/tenants";
import {
  emergencyContacts,
  emergencyEvents,
  type ContactState,
  type EmergencyContact,
  type EmergencyEventKind,
  type EmergencyLevel,
} from "./schema";
import { DAY_MS, GRANT_DAYS, LEVEL_TEXT, WAIT_DAYS } from "./rules";

const CLOSED: ContactState[] = ["declined", "removed"];

export const JOB_GRANT = "emergency-access.grant";
export const JOB_EXPIRE = "emergency-access.expire";
export const JOB_MAIL = "emergency-access.mail";
const grantKey = (contactId: string) => `emergency-access:grant:${contactId}`;
const expireKey = (contactId: string) => `emergency-access:expire:${contactId}`;

export class EmergencyAccessError extends DomainError {}

// ---------------------------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------------------------

function roleIn(tenantId: string, userId: string) {
  return getMembership(userId, tenantId)?.role ?? null;
}

function contactOf(tenantId: string, contactId: string): EmergencyContact {
  const row = db
    .select()
    .from(emergencyContacts)
    .where(and(eq(emergencyContacts.tenantId, tenantId), eq(emergencyContacts.id, contactId)))
    .get();
  if (!row || row.state === "removed")
    throw new EmergencyAccessError("This trusted contact does not exist.", { status: 404 });
  return row;
}

function record(
  c: Pick<EmergencyContact, "tenantId" | "id" | "level">,
  kind: EmergencyEventKind,
  actor: string | null,
  at: number,
) {
  db.insert(emergencyEvents).values({ tenantId: c.tenantId, contactId: c.id, kind, actorUserId: actor, at }).run();
  audit({
    action: `emergency_access.${kind}`,
    tenantId: c.tenantId,
    userId: actor,
    detail: { contactId: c.id, level: c.level },
  });
}

export type ContactView = {
  id: string;
  email: string;
  level: EmergencyLevel;
  waitDays: number;
  grantDays: number;
  state: ContactState;
  grantor: string | null;
  requestedAt: number | null;
  grantAt: number | null;
  grantedAt: number | null;
  endsAt: number | null;
  timeline: { kind: EmergencyEventKind; at: number; actor: string | null }[];
};

/** The organization's trusted contacts with their timelines (owners and admins). */
export function listContacts(tenantId: string, actorId: string): ContactView[] {
  assertCan(roleIn(tenantId, actorId), "emergencyAccess", "read");
  const rows = db
    .select()
    .from(emergencyContacts)
    .where(and(eq(emergencyContacts.tenantId, tenantId), notInArray(emergencyContacts.state, ["removed"])))
    .orderBy(asc(emergencyContacts.createdAt))
    .all();
  if (rows.length === 0) return [];
  const events = db
    .select()
    .from(emergencyEvents)
    .where(
      and(
        eq(emergencyEvents.tenantId, tenantId),
        inArray(
          emergencyEvents.contactId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(desc(emergencyEvents.at), desc(emergencyEvents.id))
    .all();
  const people = userEmails([...rows.map((r) => r.grantorUserId), ...events.map((e) => e.actorUserId)]);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    level: r.level,
    waitDays: r.waitDays,
    grantDays: r.grantDays,
    state: r.state,
    grantor: r.grantorUserId ? (people.get(r.grantorUserId) ?? null) : null,
    requestedAt: r.requestedAt,
    grantAt: r.grantAt,
    grantedAt: r.grantedAt,
    endsAt: r.endsAt,
    timeline: events
      .filter((e) => e.contactId === r.id)
      .map((e) => ({ kind: e.kind, at: e.at, actor: e.actorUserId ? (people.get(e.actorUserId) ?? null) : null })),
  }));
}

export type NominationView = {
  id: string;
  tenantId: string;
  organization: string;
  grantor: string | null;
  level: EmergencyLevel;
  waitDays: number;
  grantDays: number;
  state: ContactState;
  grantAt: number | null;
  endsAt: number | null;
};

/**
 * The nominations of a person, as a contact: rows naming their account, and (once their address is verified)
 * invitations to that address. Declined and removed ones are not shown.
 */
export function listNominations(userId: string): NominationView[] {
  const email = userEmail(userId)?.toLowerCase();
  const verified = isEmailVerified(userId);
  const rows = db
    .select()
    .from(emergencyContacts)
    .where(
      and(
        notInArray(emergencyContacts.state, CLOSED),
        verified && email
          ? or(eq(emergencyContacts.contactUserId, userId), eq(emergencyContacts.email, email))
          : eq(emergencyContacts.contactUserId, userId),
      ),
    )
    .orderBy(asc(emergencyContacts.createdAt))
    .all()
    // An address match counts only while the row names no other account.
    .filter((r) => r.contactUserId === null || r.contactUserId === userId);
  const grantors = userEmails(rows.map((r) => r.grantorUserId));
  return rows.flatMap((r) => {
    const t = getTenant(r.tenantId);
    if (!t) return [];
    return [
      {
        id: r.id,
        tenantId: r.tenantId,
        organization: displayTenantName(t.name),
        grantor: r.grantorUserId ? (grantors.get(r.grantorUserId) ?? null) : null,
        level: r.level,
        waitDays: r.waitDays,
        grantDays: r.grantDays,
        state: r.state,
        grantAt: r.grantAt,
        endsAt: r.endsAt,
      },
    ];
  });
}

/**
 * Requests waiting out their wait period in organizations where the person is an owner or admin: the shell's
 * banner tells them on every page, so an owner who signs in during the wait period can still reject.
 */
export function pendingRequestsFor(userId: string, tenantIds: string[]) {
  const mine = tenantIds.filter((t) => {
    const role = roleIn(t, userId);
    return role === "owner" || role === "admin";
  });
  if (mine.length === 0) return [];
  return db
    .select({
      id: emergencyContacts.id,
      tenantId: emergencyContacts.tenantId,
      email: emergencyContacts.email,
      level: emergencyContacts.level,
      grantAt: emergencyContacts.grantAt,
    })
    .from(emergencyContacts)
    .where(and(inArray(emergencyContacts.tenantId, mine), eq(emergencyContacts.state, "requested")))
    .orderBy(asc(emergencyContacts.grantAt))
    .all()
    .map((r) => ({ ...r, organization: displayTenantName(getTenant(r.tenantId)?.name ?? "") }));
}

// ---------------------------------------------------------------------------------------------------------------
// The organization's side: name, remove, reject, revoke
// ---------------------------------------------------------------------------------------------------------------

export type NameContactInput = { email: string; level: EmergencyLevel; waitDays: number; grantDays: number };

export function nameContact(tenantId: string, actorId: string, input: NameContactInput) {
  assertCan(roleIn(tenantId, actorId), "emergencyAccess", "manage");
  const email = input.email.trim().toLowerCase();
  if (email === userEmail(actorId)?.toLowerCase())
    throw new EmergencyAccessError("You cannot name yourself as your own trusted contact.", { field: "email" });
  if (!Number.isInteger(input.waitDays) || input.waitDays < WAIT_DAYS.min || input.waitDays > WAIT_DAYS.max)
    throw new EmergencyAccessError(`The wait period is ${WAIT_DAYS.min} to ${WAIT_DAYS.max} days.`, {
      field: "waitDays",
    });
  if (!Number.isInteger(input.grantDays) || input.grantDays < GRANT_DAYS.min || input.grantDays > GRANT_DAYS.max)
    throw new EmergencyAccessError(`Access lasts ${GRANT_DAYS.min} to ${GRANT_DAYS.max} days.`, {
      field: "grantDays",
    });
  const at = now();
  const id = randomUUID();
  const existing = findUserByEmail(email);
  return db.transaction(
    () => {
      const open = db
        .select({ id: emergencyContacts.id })
        .from(emergencyContacts)
        .where(
          and(
            eq(emergencyContacts.tenantId, tenantId),
            eq(emergencyContacts.email, email),
            notInArray(emergencyContacts.state, CLOSED),
          ),
        )
        .get();
      if (open)
        throw new EmergencyAccessError("This address is already a trusted contact of the organization.", {
          status: 409,
          field: "email",
        });
      const row = {
        id,
        tenantId,
        email,
        contactUserId: existing?.id ?? null,
        grantorUserId: actorId,
        level: input.level,
        waitDays: input.waitDays,
        grantDays: input.grantDays,
        state: "invited" as const,
      };
      db.insert(emergencyContacts).values(row).run();
      record(row, "invited", actorId, at);
      const org = displayTenantName(getTenant(tenantId)?.name ?? "");
      queueMail(tenantId, existing ? { userId: existing.id } : { email }, {
        subject: `${userEmail(actorId) ?? "An owner"} named you a trusted contact of ${org} on Rampart`,
        text: [
          `${userEmail(actorId) ?? "An owner"} named you a trusted contact of "${org}" on Rampart, with ${LEVEL_TEXT[input.level]} access.`,
          "",
          `If you accept, you can ask for access in an emergency. The organization has ${input.waitDays} ${days(input.waitDays)} to reject the request; otherwise access is granted for ${input.grantDays} ${days(input.grantDays)}.`,
          "",
          "Sign in with this address (verified) and open Emergency Access to accept or decline:",
          "{{origin}}/emergency-access",
        ].join("\n"),
      });
      return { id };
    },
    { behavior: "immediate" },
  );
}

export function removeContact(tenantId: string, actorId: string, contactId: string) {
  assertCan(roleIn(tenantId, actorId), "emergencyAccess", "manage");
  const at = now();
  db.transaction(
    () => {
      const c = contactOf(tenantId, contactId);
      // Removing a contact who holds access is a revocation: only owners may.
      if (c.state === "granted") assertCan(roleIn(tenantId, actorId), "emergencyAccess", "revoke");
      if (c.state === "granted") record(c, "revoked", actorId, at);
      db.update(emergencyContacts).set({ state: "removed" }).where(eq(emergencyContacts.id, c.id)).run();
      record(c, "removed", actorId, at);
    },
    { behavior: "immediate" },
  );
  cancelJob(grantKey(contactId));
  cancelJob(expireKey(contactId));
}

/** An owner or admin rejects a request during its wait period: nothing is granted; the contact may ask again. */
export function rejectRequest(tenantId: string, actorId: string, contactId: string) {
  assertCan(roleIn(tenantId, actorId), "emergencyAccess", "manage");
  const at = now();
  const c = db.transaction(
    () => {
      const c = contactOf(tenantId, contactId);
      if (c.state !== "requested")
        throw new EmergencyAccessError("There is no request waiting to be rejected.", { status: 409 });
      db.update(emergencyContacts)
        .set({ state: "accepted", requestedAt: null, grantAt: null })
        .where(eq(emergencyContacts.id, c.id))
        .run();
      record(c, "rejected", actorId, at);
      return c;
    },
    { behavior: "immediate" },
  );
  cancelJob(grantKey(contactId));
  if (c.contactUserId)
    queueMail(
      tenantId,
      { userId: c.contactUserId },
      {
        subject: `Your emergency access request to ${orgName(tenantId)} was rejected`,
        text: `${userEmail(actorId) ?? "An owner"} rejected your request for emergency access to "${orgName(tenantId)}". Nothing was granted.`,
      },
    );
}

/** Any owner ends a grant (or a pending request) at any time. */
export function revokeAccess(tenantId: string, actorId: string, contactId: string) {
  assertCan(roleIn(tenantId, actorId), "emergencyAccess", "revoke");
  const at = now();
  const c = db.transaction(
    () => {
      const c = contactOf(tenantId, contactId);
      if (c.state !== "granted" && c.state !== "requested")
        throw new EmergencyAccessError("This contact holds no access to revoke.", { status: 409 });
      db.update(emergencyContacts)
        .set({ state: "accepted", requestedAt: null, grantAt: null, grantedAt: null, endsAt: null, usedAt: null })
        .where(eq(emergencyContacts.id, c.id))
        .run();
      record(c, "revoked", actorId, at);
      return c;
    },
    { behavior: "immediate" },
  );
  cancelJob(grantKey(contactId));
  cancelJob(expireKey(contactId));
  if (c.contactUserId)
    queueMail(
      tenantId,
      { userId: c.contactUserId },
      {
        subject: `Your emergency access to ${orgName(tenantId)} was revoked`,
        text: `${userEmail(actorId) ?? "An owner"} revoked your emergency access to "${orgName(tenantId)}".`,
      },
    );
}

// ---------------------------------------------------------------------------------------------------------------
// The contact's side: accept, decline, request
// ---------------------------------------------------------------------------------------------------------------

/** The nomination as the signed-in person may act on it: theirs by account, or by their verified address. */
function nominationFor(userId: string, contactId: string): EmergencyContact {
  const row = db.select().from(emergencyContacts).where(eq(emergencyContacts.id, contactId)).get();
  const email = userEmail(userId)?.toLowerCase();
  const mine =
    row &&
    !CLOSED.includes(row.state) &&
    (row.contactUserId === userId || (row.contactUserId === null && row.email === email));
  if (!mine) throw new EmergencyAccessError("This nomination does not exist.", { status: 404 });
  if (!isEmailVerified(userId))
    throw new EmergencyAccessError("Verify your e-mail address first: trusted contacts act with a verified address.", {
      status: 403,
      code: "EMAIL_NOT_VERIFIED",
    });
  if (row.grantorUserId === userId)
    throw new EmergencyAccessError("You cannot be your own trusted contact.", { status: 400 });
  return row;
}

export function acceptNomination(userId: string, contactId: string) {
  const at = now();
  db.transaction(
    () => {
      const c = nominationFor(userId, contactId);
      if (c.state !== "invited")
        throw new EmergencyAccessError("This nomination was already answered.", { status: 409 });
      db.update(emergencyContacts)
        .set({ state: "accepted", contactUserId: userId })
        .where(eq(emergencyContacts.id, c.id))
        .run();
      record(c, "accepted", userId, at);
    },
    { behavior: "immediate" },
  );
}

export function declineNomination(userId: string, contactId: string) {
  const at = now();
  db.transaction(
    () => {
      const c = nominationFor(userId, contactId);
      if (c.state !== "invited")
        throw new EmergencyAccessError("This nomination was already answered.", { status: 409 });
      db.update(emergencyContacts)
        .set({ state: "declined", contactUserId: userId })
        .where(eq(emergencyContacts.id, c.id))
        .run();
      record(c, "declined", userId, at);
    },
    { behavior: "immediate" },
  );
}

/**
 * The contact asks for access: the wait period starts, the grantor and the owners are told (mail and the shell's
 * banner), and a durable job grants access when the period ends unless someone rejects the request first.
 */
export function requestAccess(userId: string, contactId: string) {
  const at = now();
  const c = db.transaction(
    () => {
      const c = nominationFor(userId, contactId);
      if (c.state === "invited")
        throw new EmergencyAccessError("Accept the nomination before asking for access.", { status: 409 });
      if (c.state !== "accepted")
        throw new EmergencyAccessError(
          c.state === "requested" ? "Your request is already waiting." : "You already hold access.",
          { status: 409 },
        );
      const plan = tenantEffectivePlanOf(c.tenantId);
      if (!plan || !hasFeature(plan, "teamMonitoring"))
        throw new EmergencyAccessError("This organization's plan no longer includes emergency access.", {
          status: 403,
        });
      const grantAt = at + c.waitDays * DAY_MS;
      db.update(emergencyContacts)
        .set({ state: "requested", requestedAt: at, grantAt })
        .where(eq(emergencyContacts.id, c.id))
        .run();
      record(c, "requested", userId, at);
      enqueueJob({
        kind: JOB_GRANT,
        key: grantKey(c.id),
        tenantId: c.tenantId,
        payload: { contactId: c.id, requestedAt: at },
        runAt: grantAt,
      });
      return { ...c, grantAt };
    },
    { behavior: "immediate" },
  );
  const org = orgName(c.tenantId);
  const contact = userEmail(userId) ?? c.email;
  const told = new Set([c.grantorUserId, ...memberUserIds(c.tenantId, "owner")].filter((u): u is string => !!u));
  for (const owner of told)
    queueMail(
      c.tenantId,
      { userId: owner },
      {
        subject: `${contact} requested emergency access to ${org}`,
        text: [
          `${contact} requested ${LEVEL_TEXT[c.level]} emergency access to "${org}".`,
          "",
          `Access is granted automatically on ${formatTime(c.grantAt)} unless you reject the request before then:`,
          "{{origin}}/emergency-access",
        ].join("\n"),
      },
    );
}

// ---------------------------------------------------------------------------------------------------------------
// The clock's side: grant when the wait ends, expire when the duration ends (durable jobs)
// ---------------------------------------------------------------------------------------------------------------

/** The grant job: the request is still waiting and its wait period is over → access for the grant duration. */
export function grantIfDue(tenantId: string, contactId: string, requestedAt: number, at = now()): boolean {
  const granted = db.transaction(
    () => {
      const c = db
        .select()
        .from(emergencyContacts)
        .where(and(eq(emergencyContacts.tenantId, tenantId), eq(emergencyContacts.id, contactId)))
        .get();
      // Rejected, revoked or removed since, or a later request: this job is stale.
      if (!c || c.state !== "requested" || c.requestedAt !== requestedAt || c.grantAt === null) return null;
      if (at < c.grantAt) throw new Error("The wait period has not ended yet");
      const endsAt = at + c.grantDays * DAY_MS;
      db.update(emergencyContacts)
        .set({ state: "granted", grantedAt: at, endsAt, usedAt: null })
        .where(eq(emergencyContacts.id, c.id))
        .run();
      record(c, "granted", null, at);
      enqueueJob({
        kind: JOB_EXPIRE,
        key: expireKey(c.id),
        tenantId,
        payload: { contactId: c.id, endsAt },
        runAt: endsAt,
      });
      return { ...c, endsAt };
    },
    { behavior: "immediate" },
  );
  if (!granted) return false;
  const org = orgName(tenantId);
  if (granted.contactUserId)
    queueMail(
      tenantId,
      { userId: granted.contactUserId },
      {
        subject: `Emergency access to ${org} granted`,
        text: `You now have ${LEVEL_TEXT[granted.level]} access to "${org}" until ${formatTime(granted.endsAt)}.\n\n{{origin}}/dashboard`,
      },
    );
  const told = new Set([granted.grantorUserId, ...memberUserIds(tenantId, "owner")].filter((u): u is string => !!u));
  for (const owner of told)
    queueMail(
      tenantId,
      { userId: owner },
      {
        subject: `Emergency access to ${org} was granted to ${granted.email}`,
        text: `The wait period ended without a rejection: ${granted.email} has ${LEVEL_TEXT[granted.level]} access to "${org}" until ${formatTime(granted.endsAt)}. Any owner can revoke it:\n\n{{origin}}/emergency-access`,
      },
    );
  return true;
}

/** The expiry job: the grant is still the one it was scheduled for and its time is up. */
export function expireIfDue(tenantId: string, contactId: string, endsAt: number, at = now()): boolean {
  return db.transaction(
    () => {
      const c = db
        .select()
        .from(emergencyContacts)
        .where(and(eq(emergencyContacts.tenantId, tenantId), eq(emergencyContacts.id, contactId)))
        .get();
      if (!c || c.state !== "granted" || c.endsAt !== endsAt) return false;
      if (at < endsAt) throw new Error("The grant has not ended yet");
      db.update(emergencyContacts)
        .set({ state: "accepted", requestedAt: null, grantAt: null, grantedAt: null, endsAt: null, usedAt: null })
        .where(eq(emergencyContacts.id, c.id))
        .run();
      record(c, "expired", null, at);
      return true;
    },
    { behavior: "immediate" },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Mail: a durable outbox on the job runner, verified addresses only
// ---------------------------------------------------------------------------------------------------------------

type Recipient = { userId: string } | { email: string };
type MailPayload = { to: Recipient; subject: string; text: string };

function queueMail(tenantId: string, to: Recipient, message: { subject: string; text: string }) {
  enqueueJob({ kind: JOB_MAIL, tenantId, payload: { to, ...message } satisfies MailPayload, maxAttempts: 8 });
}

/**
 * Sends one queued message. An account's address is used only while it is verified (checked at sending time); an
 * address without an account is an invitation's. A mail server failure throws, so the runner retries with backoff.
 */
export async function deliverMail(payload: MailPayload): Promise<"sent" | "skipped"> {
  let address: string | null;
  if ("userId" in payload.to) {
    address = isEmailVerified(payload.to.userId) ? userEmail(payload.to.userId) : null;
  } else {
    const account = findUserByEmail(payload.to.email);
    address = account ? (isEmailVerified(account.id) ? account.email : null) : payload.to.email;
  }
  if (!address || !mailerConfigured()) return "skipped";
  const origin = linkOrigin();
  if (!origin) {
    linkMailRefused("invitation");
    return "skipped";
  }
  await sendMail({ to: address, subject: payload.subject, text: payload.text.replaceAll("{{origin}}", origin) });
  return "sent";
}

export function registerEmergencyAccessJobs(runner: { registerJobHandler: typeof registerJobHandler }) {
  runner.registerJobHandler(JOB_GRANT, (job) => {
    const p = job.payload as { contactId?: string; requestedAt?: number };
    if (job.tenantId && p.contactId && typeof p.requestedAt === "number")
      grantIfDue(job.tenantId, p.contactId, p.requestedAt);
  });
  runner.registerJobHandler(JOB_EXPIRE, (job) => {
    const p = job.payload as { contactId?: string; endsAt?: number };
    if (job.tenantId && p.contactId && typeof p.endsAt === "number") expireIfDue(job.tenantId, p.contactId, p.endsAt);
  });
  runner.registerJobHandler(JOB_MAIL, async (job) => {
    await deliverMail(job.payload as MailPayload);
  });
}

// ---------------------------------------------------------------------------------------------------------------

const days = (n: number) => (n === 1 ? "day" : "days");
const orgName = (tenantId: string) => displayTenantName(getTenant(tenantId)?.name ?? "");

/** A moment as every emergency access text shows it: "27 Nov 2026, 14:05 UTC". */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  const month = d.toLocaleString("en-GB", { month: "short", timeZone: "UTC" });
  const hh = String(d.getUTCHours()).padStart(2, "0");
  const mm = String(d.getUTCMinutes()).padStart(2, "0");
  return `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}, ${hh}:${mm} UTC`;
}
