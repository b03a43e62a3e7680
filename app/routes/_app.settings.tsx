import { readForm } from "~/lib/http.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { z } from "zod";
import { FormField } from "~/components/form-field";
import { StatusBadge } from "~/components/ui/severity-badge";
import { clientIp } from "~/lib/request.server";
import {
  countActiveSessions,
  createSession,
  endOtherSessions,
  destroySessionCookie,
  endSession,
  setSelectedTenant,
} from "~/lib/session.server";
import {
  canManageOrganization,
  deleteOrganization,
  listTenantsForUser,
  OrganizationError,
  releaseOrganizationsForAccountDeletion,
  renameOrganization,
  requireTenantContext,
} from "~/modules/tenants";
import { OrganizationNameSchema } from "~/modules/tenants/validation";
import { addAccountNotice, deleteAccount, soleOwnerMessage } from "~/modules/accounts";
import { limitWrites } from "~/lib/api.server";
import { hasFeature, PLAN_DISPLAY_NAME, TRIAL_DAYS } from "~/lib/plans";
import { changePassword } from "~/modules/accounts/accounts.server";
import { checkNewPassword } from "~/modules/accounts/new-password.server";
import { ChangePasswordSchema, EmailSchema, fieldErrors } from "~/modules/accounts/validation";
import { audit } from "~/modules/audit/audit.server";
import {
  changeRole,
  createInvitation,
  listMembers,
  listOpenInvitations,
  MemberError,
  removeMember,
  revokeInvitation,
  sendInvitationMail,
} from "~/modules/tenants/members.server";
import { hasUsedTrial, startTrial, TrialError, TRIAL_ALREADY_USED_BY_PERSON } from "~/modules/tenants/trials.server";
import { INVITABLE_ROLES, PermissionError, ROLE_LABEL, ROLES, type Role } from "~/lib/permissions";
import { can, permissionRows, type PermissionRow } from "~/modules/permissions";
import { Check, Minus } from "~/components/ui/icons";
import { linkOrigin, siteOrigin } from "~/lib/public-origin.server";
import { verificationBlock } from "~/modules/accounts";
import { tokensAction, tokensSettings } from "~/modules/api-tokens";
import { TokensSection, type TokensSectionData } from "~/modules/api-tokens/components/tokens-section";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Settings · Rampart" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request);
  const role = ctx.tenant.role;
  const canManage = can(role, "member", "invite");
  return {
    email: ctx.user.email,
    tenant: {
      name: ctx.tenant.displayName,
      storedName: ctx.tenant.name,
      role: ctx.tenant.role,
      plan: PLAN_DISPLAY_NAME[ctx.tenant.plan],
    },
    canManageOrganization: canManageOrganization(role),
    // Invitations wait for a verified address (the action checks again): the form says so up front.
    inviteBlocked: canManage ? verificationBlock(ctx.user.id, "invite") : null,
    effectivePlan: PLAN_DISPLAY_NAME[ctx.effectivePlan],
    trial: ctx.trial,
    otherSessions: Math.max(0, countActiveSessions(ctx.user.id) - 1),
    members: listMembers(ctx.tenant.id).map((m) => ({ ...m, isYou: m.userId === ctx.user.id })),
    invitations: canManage
      ? listOpenInvitations(ctx.tenant.id).map((i) => ({
          id: i.id,
          role: i.role,
          expiresAt: new Date(i.expiresAt).toISOString(),
        }))
      : [],
    canManage,
    isOwner: can(role, "member", "manage"),
    // The entity × action matrix itself (app/modules/permissions.ts), so the page cannot disagree with the checks.
    permissionRows: permissionRows(),
    canStartTrial: can(role, "organization", "manage"),
    // One trial per person, and only with a verified address (trials.server.ts): the button is replaced by the reason.
    trialUnavailable: hasUsedTrial(ctx.user.id)
      ? TRIAL_ALREADY_USED_BY_PERSON
      : verificationBlock(ctx.user.id, "trial"),
    // The same two checks the admin layout makes: the plan feature and the role's adminArea × open permission.
    canAdmin: can(role, "adminArea", "open") && hasFeature(ctx.effectivePlan, "adminDashboard"),
    apiTokens: tokensSettings(ctx),
  };
}

const Intent = z.enum([
  "change-password",
  "end-other-sessions",
  "start-trial",
  "create-invite",
  "revoke-invite",
  "change-role",
  "remove-member",
  "create-token",
  "revoke-token",
  "rename-organization",
  "delete-organization",
  "delete-account",
]);

type ActionResult = {
  intent: string;
  ok?: string;
  errors?: Record<string, string | undefined>;
  inviteUrl?: string;
  /** Whether the invitation also went out by e-mail (false: SMTP is not configured). */
  mailed?: boolean;
  token?: string;
};

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireTenantContext(request);
  limitWrites(ctx.user.id);
  const ip = clientIp(context);
  const form = await readForm(request);
  const intent = Intent.safeParse(form.get("intent"));
  if (!intent.success)
    return data<ActionResult>({ intent: "unknown", errors: { form: "Unknown action" } }, { status: 400 });
  const fail = (errors: Record<string, string | undefined>, status = 400) =>
    data<ActionResult>({ intent: intent.data, errors }, { status });
  const ok = (message: string, extra: Partial<ActionResult> = {}, init?: ResponseInit) =>
    data<ActionResult>({ intent: intent.data, ok: message, ...extra }, init);
  const role = ctx.tenant.role;

  switch (intent.data) {
    case "rename-organization": {
      if (!canManageOrganization(role))
        return fail({ organization: "Only an owner of the organization can rename it." }, 403);
      const parsed = OrganizationNameSchema.safeParse(form.get("name") ?? "");
      if (!parsed.success) return fail({ orgName: parsed.error.issues[0]?.message });
      renameOrganization(ctx.tenant.id, ctx.user.id, parsed.data, ip);
      return ok(`Organization renamed to “${parsed.data}”.`);
    }
    case "delete-organization": {
      if (!canManageOrganization(role))
        return fail({ organization: "Only an owner of the organization can delete it." }, 403);
      const typed = String(form.get("confirmName") ?? "").slice(0, 200);
      try {
        const gone = deleteOrganization(ctx.tenant.id, ctx.user.id, typed, { ip });
        addAccountNotice(ctx.user.id, `You deleted the organization “${gone.name}” and all its data.`);
      } catch (error) {
        if (error instanceof OrganizationError)
          return fail(
            error.status === 400 ? { confirmName: error.message } : { organization: error.message },
            error.status,
          );
        throw error;
      }
      // The deleted organization was the selected one: switch to another, or to creating one.
      const next = listTenantsForUser(ctx.user.id)[0];
      setSelectedTenant(ctx.session.idHash, next?.tenantId ?? null);
      return redirect(next ? "/dashboard" : "/organizations/new");
    }
    case "delete-account": {
      const password = String(form.get("password") ?? "");
      if (!password || password.length > 1000) return fail({ password: "Enter your password to delete your account." });
      const r = await deleteAccount(ctx.user.id, password, releaseOrganizationsForAccountDeletion, ip);
      if (r.deleted) {
        // The user row took every session with it; the browser's cookie goes too.
        return redirect("/login?deleted=1", { headers: { "Set-Cookie": await destroySessionCookie(request) } });
      }
      if (r.reason === "limited")
        return data<ActionResult>(
          { intent: intent.data, errors: { password: "Too many requests" } },
          { status: 429, headers: { "Retry-After": String(r.retryAfterSeconds) } },
        );
      if (r.reason === "wrong-password") return fail({ password: "The password is not correct." });
      return fail({ account: soleOwnerMessage(r.organizations) }, 409);
    }
    case "create-token":
    case "revoke-token": {
      const r = tokensAction(intent.data, form, ctx, ip);
      return r.ok
        ? ok(r.ok, r.token ? { token: r.token } : {}, { status: r.status === 201 ? 200 : r.status })
        : fail(r.errors ?? {}, r.status);
    }
    case "change-password": {
      const parsed = ChangePasswordSchema.safeParse({
        currentPassword: form.get("currentPassword"),
        newPassword: form.get("newPassword"),
      });
      if (!parsed.success) return fail(fieldErrors(parsed.error));
      const verdict = await checkNewPassword(parsed.data.newPassword, [ctx.user.email, ctx.tenant.name]);
      if (verdict) return fail({ newPassword: verdict });
      const changed = await changePassword(ctx.user.id, parsed.data.currentPassword, parsed.data.newPassword, ip);
      if (typeof changed === "object")
        return data<ActionResult>(
          { intent: intent.data, errors: { currentPassword: "Too many requests" } },
          { status: 429, headers: { "Retry-After": String(changed.limited) } },
        );
      if (changed === "wrong-password") return fail({ currentPassword: "The current password is not correct" });
      // A new password ends every other session and rotates this one.
      endOtherSessions(ctx.user.id, ctx.session.idHash);
      const cleared = await endSession(request);
      const cookie = await createSession(request, ctx.user.id, { selectedTenantId: ctx.tenant.id, ip });
      audit({ action: "auth.password_changed", userId: ctx.user.id, tenantId: ctx.tenant.id, ip });
      const headers = new Headers();
      headers.append("Set-Cookie", cleared);
      headers.append("Set-Cookie", cookie);
      return ok("Password changed. Every other session was signed out.", {}, { headers });
    }
    case "end-other-sessions": {
      const n = endOtherSessions(ctx.user.id, ctx.session.idHash);
      audit({
        action: "auth.other_sessions_ended",
        userId: ctx.user.id,
        tenantId: ctx.tenant.id,
        ip,
        detail: { count: n },
      });
      return ok(`Signed out ${n} other session${n === 1 ? "" : "s"}.`);
    }
    case "start-trial": {
      if (!can(role, "organization", "manage"))
        return fail({ trial: "Only an owner of the organization can start its trial." }, 403);
      try {
        startTrial(ctx.tenant.id, Date.now(), { startedBy: ctx.user.id });
      } catch (error) {
        if (error instanceof TrialError)
          return fail({ trial: error.message }, error.code === "EMAIL_NOT_VERIFIED" ? 403 : 400);
        throw error;
      }
      audit({ action: "trial.started", userId: ctx.user.id, tenantId: ctx.tenant.id, ip });
      return ok(`Your ${TRIAL_DAYS}-day trial has started: every feature is unlocked for this organization.`);
    }
    case "create-invite": {
      if (!can(role, "member", "invite")) return fail({ invite: "Only owners and admins can invite people." }, 403);
      const unverified = verificationBlock(ctx.user.id, "invite");
      if (unverified) return fail({ invite: unverified }, 403);
      const invited = z.enum(INVITABLE_ROLES).safeParse(form.get("role"));
      if (!invited.success) return fail({ invite: "Choose a role for the invitation." });
      const rawEmail = String(form.get("email") ?? "").trim();
      const email = rawEmail ? EmailSchema.safeParse(rawEmail) : null;
      if (email && !email.success) return fail({ inviteEmail: email.error.issues[0]?.message });
      const { token } = createInvitation(ctx.tenant.id, invited.data, ctx.user.id, ip);
      // Shown to the inviter only: the configured public address, else the address they are using. The mail
      // uses the configured address only (sendInvitationMail): a Host header is the client's to choose.
      const url = `${siteOrigin(request)}/invite/${token}`;
      const shown = "It works once, for 7 days; copy it now, it is not shown again.";
      if (!email) return ok(`Invitation link created. ${shown}`, { inviteUrl: url });
      const mail = sendInvitationMail({
        to: email.data!,
        token,
        origin: linkOrigin(),
        organization: ctx.tenant.displayName,
        invitedBy: ctx.user.email,
        role: invited.data,
      });
      return ok(
        mail.sent
          ? `Invitation sent to ${email.data}. The link is also below: ${shown}`
          : mail.reason === "no-public-url"
            ? `This server's public address is not configured (PUBLIC_URL), so nothing was mailed to ${email.data}: copy the link below and send it yourself. ${shown}`
            : `E-mail is not configured on this server, so nothing was sent to ${email.data}: copy the link below and send it yourself. ${shown}`,
        { inviteUrl: url, mailed: mail.sent },
      );
    }
    case "revoke-invite": {
      if (!can(role, "member", "invite"))
        return fail({ invite: "Only owners and admins can revoke invitations." }, 403);
      const id = z.string().min(1).max(100).safeParse(form.get("invitationId"));
      if (!id.success || !revokeInvitation(ctx.tenant.id, id.data)) return fail({ invite: "Resource not found" }, 404);
      return ok("Invitation revoked.");
    }
    case "change-role":
    case "remove-member": {
      if (!can(role, "member", "manage"))
        return fail({ members: "Only owners can change roles or remove members." }, 403);
      const userId = z.string().min(1).max(100).safeParse(form.get("userId"));
      if (!userId.success) return fail({ members: "Choose a member." });
      try {
        if (intent.data === "change-role") {
          const next = z.enum(ROLES).safeParse(form.get("role"));
          if (!next.success) return fail({ members: "Choose a role." });
          changeRole(ctx.tenant.id, ctx.user.id, userId.data, next.data, ip);
          return ok("Role changed.");
        }
        removeMember(ctx.tenant.id, ctx.user.id, userId.data, ip);
        return ok("Member removed.");
      } catch (error) {
        if (error instanceof MemberError)
          return fail({ members: error.message }, error.message.startsWith("This person") ? 404 : 400);
        if (error instanceof PermissionError) return fail({ members: error.message }, 403);
        throw error;
      }
    }
  }
}

/** What each role may do: the rows of the entity × action matrix, as the loader read them. */
function RolePermissions({ yourRole, rows }: { yourRole: Role; rows: PermissionRow[] }) {
  return (
    <div className="mt-5 border-t border-slate-100 pt-4" data-testid="role-permissions">
      <h3 className="font-semibold">What each role may do</h3>
      {/* Focusable so the table scrolls by keyboard at narrow widths. */}
      <div className="relative mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Permissions by role">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Permissions by role; your role is {ROLE_LABEL[yourRole]}</caption>
          <thead className="text-xs uppercase text-ink-muted">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Action
              </th>
              {ROLES.map((r) => (
                <th key={r} scope="col" className="px-2 py-2 text-center">
                  {ROLE_LABEL[r]}
                  {r === yourRole ? " (you)" : ""}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={`${row.entity}.${row.action}`} data-permission={`${row.entity}.${row.action}`}>
                <th scope="row" className="py-2 pr-3 font-normal">
                  <span className="text-ink-muted">{row.entityLabel}: </span>
                  {row.label}
                </th>
                {ROLES.map((r) => (
                  <td key={r} className="px-2 py-2 text-center">
                    {row.allowed[r] ? (
                      <>
                        <Check className="inline h-4 w-4 text-ok" aria-hidden="true" />
                        <span className="sr-only">allowed</span>
                      </>
                    ) : (
                      <>
                        <Minus className="inline h-4 w-4 text-ink-muted" aria-hidden="true" />
                        <span className="sr-only">not allowed</span>
                      </>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Errors shown next to their field (FormField), not again in the notice. */
const FIELD_ERRORS = ["currentPassword", "newPassword", "orgName", "confirmName", "password", "inviteEmail"];

function Notice({ result, intent }: { result: ActionResult | undefined; intent: string }) {
  if (!result || result.intent !== intent) return null;
  if (result.ok)
    return (
      <p role="status" className="mt-3 rounded-md bg-ok-light p-3 text-sm text-ok">
        {result.ok}
      </p>
    );
  const first = Object.values(result.errors ?? {}).find(Boolean);
  return first && !FIELD_ERRORS.some((k) => result.errors?.[k]) ? (
    <p role="alert" className="mt-3 rounded-md bg-danger-light p-3 text-sm text-danger">
      {first}
    </p>
  ) : null;
}

export default function Settings() {
  const d = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const pwErrors = result?.intent === "change-password" ? (result.errors ?? {}) : {};
  const orgErrors = result?.intent === "rename-organization" ? (result.errors ?? {}) : {};
  const deleteErrors = result?.intent === "delete-organization" ? (result.errors ?? {}) : {};
  const accountErrors = result?.intent === "delete-account" ? (result.errors ?? {}) : {};
  const inviteErrors = result?.intent === "create-invite" ? (result.errors ?? {}) : {};
  return (
    <main id="main" className="max-w-3xl space-y-8">
      <h1 className="text-2xl font-bold">Settings</h1>
      {d.canAdmin ? (
        <p className="text-sm">
          Audit trail, alert rules and organization settings are in the <Link to="/admin">admin area</Link>.
        </p>
      ) : null}

      <section aria-labelledby="account-title" className="card">
        <h2 id="account-title" className="text-lg font-semibold">
          Account
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Signed in as <strong className="text-ink">{d.email}</strong>
        </p>
        <Form method="post" className="mt-4 space-y-3" noValidate>
          <input type="hidden" name="intent" value="change-password" />
          <FormField
            id="currentPassword"
            name="currentPassword"
            type="password"
            label="Current password"
            autoComplete="current-password"
            error={pwErrors.currentPassword}
          />
          <FormField
            id="newPassword"
            name="newPassword"
            type="password"
            label="New password"
            autoComplete="new-password"
            error={pwErrors.newPassword}
            hint="At least 8 characters; 15 or more is better."
          />
          <button type="submit" className="btn-primary" disabled={busy}>
            Change password
          </button>
        </Form>
        <Notice result={result} intent="change-password" />
      </section>

      <section aria-labelledby="sessions-title" className="card">
        <h2 id="sessions-title" className="text-lg font-semibold">
          Sessions
        </h2>
        <p className="mt-1 text-sm text-ink-muted" data-testid="other-sessions">
          {d.otherSessions === 0
            ? "No other active sessions."
            : `${d.otherSessions} other active session${d.otherSessions === 1 ? "" : "s"}.`}
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="end-other-sessions" />
          <button type="submit" className="btn-secondary" disabled={busy}>
            Sign out every other session
          </button>
        </Form>
        <Notice result={result} intent="end-other-sessions" />
      </section>

      <section aria-labelledby="trial-title" className="card">
        <h2 id="trial-title" className="text-lg font-semibold">
          Plan and trial
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          {d.tenant.name} is on the {d.tenant.plan} plan; effective plan:{" "}
          <strong className="text-ink">{d.effectivePlan}</strong>.
        </p>
        <p className="mt-1 text-sm" data-testid="trial-status">
          Trial:{" "}
          {d.trial?.status === "active"
            ? `active until ${d.trial.endsAt?.slice(0, 10)}`
            : d.trial?.status === "expired"
              ? "expired"
              : "not started"}
        </p>
        {d.canStartTrial && d.trial?.status === "none" && d.trialUnavailable ? (
          <p className="mt-3 text-sm text-ink-muted" data-testid="trial-unavailable">
            {d.trialUnavailable}
          </p>
        ) : null}
        {d.canStartTrial && d.trial?.status === "none" && !d.trialUnavailable ? (
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="start-trial" />
            <button type="submit" className="btn-primary" disabled={busy}>
              Start the {TRIAL_DAYS}-day trial
            </button>
          </Form>
        ) : null}
        <Notice result={result} intent="start-trial" />
      </section>

      {/* Not labelled by its heading: the sidebar's organization selector is the page's one control labelled "Organization". */}
      <section className="card">
        <h2 id="organization-title" className="text-lg font-semibold">
          Organization
        </h2>
        {d.canManageOrganization ? (
          <>
            <Form method="post" className="mt-3 flex flex-wrap items-end gap-2" noValidate>
              <input type="hidden" name="intent" value="rename-organization" />
              <div className="min-w-0 flex-1">
                <FormField
                  id="org-name"
                  name="name"
                  label="New name"
                  defaultValue={d.tenant.storedName}
                  maxLength={100}
                  error={orgErrors.orgName}
                />
              </div>
              <button type="submit" className="btn-secondary" disabled={busy}>
                Rename
              </button>
            </Form>
            <Notice result={result} intent="rename-organization" />
            <div className="mt-5 border-t border-slate-100 pt-4">
              <h3 className="font-semibold text-danger">Delete this organization</h3>
              <p className="mt-1 text-sm text-ink-muted">
                Deletes {d.tenant.name} and everything in it (findings, alerts, cases, watched identities, API tokens,
                the audit trail) for every member, at once and for good. The other members are told.
              </p>
              <Form method="post" className="mt-3 flex flex-wrap items-end gap-2" noValidate>
                <input type="hidden" name="intent" value="delete-organization" />
                <div className="min-w-0 flex-1">
                  <FormField
                    id="confirm-name"
                    name="confirmName"
                    label={`Type “${d.tenant.name}” to confirm`}
                    autoComplete="off"
                    error={deleteErrors.confirmName}
                  />
                </div>
                <button type="submit" className="btn-danger" disabled={busy}>
                  Delete organization
                </button>
              </Form>
              <Notice result={result} intent="delete-organization" />
            </div>
          </>
        ) : (
          <p className="mt-1 text-sm text-ink-muted">
            {d.tenant.name}: only an owner can rename or delete the organization.
          </p>
        )}
      </section>

      <section aria-labelledby="members-title" className="card">
        <h2 id="members-title" className="text-lg font-semibold">
          Members of {d.tenant.name}
        </h2>
        <div className="relative mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase text-ink-muted">
              <tr>
                <th className="py-2">Member</th>
                <th className="py-2">Role</th>
                {d.isOwner ? <th className="py-2">Manage</th> : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {d.members.map((m) => (
                <tr key={m.userId}>
                  <td className="py-2">
                    {m.email}
                    {m.isYou ? " (you)" : ""}
                  </td>
                  <td className="py-2">
                    <StatusBadge tone={m.role === "owner" ? "ok" : "neutral"}>{m.role}</StatusBadge>
                  </td>
                  {d.isOwner ? (
                    <td className="py-2">
                      <div className="flex flex-wrap gap-2">
                        <Form method="post" className="flex gap-1">
                          <input type="hidden" name="intent" value="change-role" />
                          <input type="hidden" name="userId" value={m.userId} />
                          <label className="sr-only" htmlFor={`role-${m.userId}`}>
                            Role for {m.email}
                          </label>
                          <select
                            id={`role-${m.userId}`}
                            name="role"
                            defaultValue={m.role}
                            className="input w-auto py-1"
                          >
                            {ROLES.map((r) => (
                              <option key={r} value={r}>
                                {r}
                              </option>
                            ))}
                          </select>
                          <button type="submit" className="btn-secondary py-1">
                            Save
                          </button>
                        </Form>
                        <Form method="post">
                          <input type="hidden" name="intent" value="remove-member" />
                          <input type="hidden" name="userId" value={m.userId} />
                          <button type="submit" className="btn-secondary py-1" aria-label={`Remove ${m.email}`}>
                            Remove
                          </button>
                        </Form>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Notice result={result} intent="change-role" />
        <Notice result={result} intent="remove-member" />
        <RolePermissions yourRole={d.tenant.role} rows={d.permissionRows} />
        {d.canManage ? (
          <div className="mt-5 border-t border-slate-100 pt-4">
            <h3 className="font-semibold">Invite someone</h3>
            {d.inviteBlocked ? (
              <p className="mt-1 rounded-md bg-warn-light p-2 text-sm" data-testid="invite-blocked">
                {d.inviteBlocked}
              </p>
            ) : null}
            <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="create-invite" />
              <div>
                <label htmlFor="invite-role" className="label">
                  Role
                </label>
                <select id="invite-role" name="role" className="input w-auto" defaultValue="member">
                  <option value="member">member</option>
                  <option value="viewer">viewer (read-only)</option>
                  <option value="admin">admin</option>
                </select>
              </div>
              <div className="min-w-0 flex-1">
                <FormField
                  id="invite-email"
                  name="email"
                  type="email"
                  label="E-mail address (optional)"
                  autoComplete="off"
                  error={inviteErrors.inviteEmail}
                  hint="We e-mail the link to this address; the link is shown here either way."
                />
              </div>
              <button type="submit" className="btn-primary" disabled={busy}>
                Create invitation link
              </button>
            </Form>
            <Notice result={result} intent="create-invite" />
            {result?.intent === "create-invite" && result.inviteUrl ? (
              <div className="mt-2">
                <label htmlFor="invite-url" className="label">
                  Invitation link
                </label>
                <input
                  id="invite-url"
                  readOnly
                  className="input font-mono"
                  value={result.inviteUrl}
                  data-testid="invite-url"
                />
              </div>
            ) : null}
            {d.invitations.length ? (
              <ul className="mt-3 space-y-1 text-sm">
                {d.invitations.map((i) => (
                  <li key={i.id} className="flex items-center gap-2">
                    <span>
                      Open {i.role} invitation, expires {i.expiresAt.slice(0, 10)}
                    </span>
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke-invite" />
                      <input type="hidden" name="invitationId" value={i.id} />
                      <button type="submit" className="text-sm text-brand underline">
                        Revoke
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            ) : null}
            <Notice result={result} intent="revoke-invite" />
          </div>
        ) : null}
      </section>

      <TokensSection data={d.apiTokens as TokensSectionData} result={result} />

      <section aria-labelledby="your-data-title" className="card">
        <h2 id="your-data-title" className="text-lg font-semibold">
          Your data and your account
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Download everything Rampart keeps about you (profile, memberships, the audit entries about you and the
          analyses you ran) as JSON, before you delete your account.
        </p>
        <a
          href="/settings/account-data.json"
          download
          className="btn-secondary mt-3 inline-block"
          data-testid="export-data"
        >
          Download my data (JSON)
        </a>
        <div className="mt-5 border-t border-slate-100 pt-4">
          <h3 className="font-semibold text-danger">Delete my account</h3>
          <p className="mt-1 text-sm text-ink-muted">
            Signs you out everywhere and deletes your account for good. Organizations where you are the only member are
            deleted with it. If you are the only owner of an organization with other members, make one of them an owner
            first, or delete the organization.
          </p>
          <Form method="post" className="mt-3 flex flex-wrap items-end gap-2" noValidate>
            <input type="hidden" name="intent" value="delete-account" />
            <div className="min-w-0 flex-1">
              <FormField
                id="delete-password"
                name="password"
                type="password"
                label="Your password"
                autoComplete="current-password"
                error={accountErrors.password}
              />
            </div>
            <button type="submit" className="btn-danger" disabled={busy}>
              Delete my account
            </button>
          </Form>
          <Notice result={result} intent="delete-account" />
        </div>
      </section>
    </main>
  );
}
