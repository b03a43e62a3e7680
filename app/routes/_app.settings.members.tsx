import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { FormField } from "~/components/form-field";
import { SettingsNotice, type SettingsResult } from "~/components/settings-notice";
import { Check, Minus } from "~/components/ui/icons";
import { StatusBadge } from "~/components/ui/severity-badge";
import { limitWrites } from "~/lib/api.server";
import { domainFieldError, readForm } from "~/lib/http.server";
import { INVITABLE_ROLES, ROLE_LABEL, ROLES, type Role } from "~/lib/permissions";
import { can, permissionRows, type PermissionRow } from "~/modules/permissions";
import { linkOrigin, siteOrigin } from "~/lib/public-origin.server";
import { clientIp } from "~/lib/request.server";
import { useActionResult } from "~/lib/use-action-result";
import { twoFactorUserIds, verificationBlock } from "~/modules/accounts";
import { EmailSchema } from "~/modules/accounts/validation";
import { requireTenantContext, tenantRequiresTwoFactor } from "~/modules/tenants";
import {
  changeRole,
  createInvitation,
  listMembers,
  listOpenInvitations,
  removeMember,
  revokeInvitation,
  sendInvitationMail,
} from "~/modules/tenants/members.server";
import { useFormat } from "~/lib/format-context";

/** Settings → Members: who is in the organization, what each role may do, invitations, role changes. */
export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Members · Settings · Rampart" }];

export const INTENTS = ["create-invite", "revoke-invite", "change-role", "remove-member"] as const;
const Intent = z.enum(INTENTS);

/** Who has two-factor sign-in on (issue 33): the owner sees who a required policy will send to enrolment. */
function withTwoFactor<T extends { userId: string }>(members: T[]) {
  const on = twoFactorUserIds(members.map((m) => m.userId));
  return members.map((m) => ({ ...m, twoFactor: on.has(m.userId) }));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request);
  const role = ctx.tenant.role;
  const canManage = can(role, "member", "invite");
  return {
    tenant: { name: ctx.tenant.displayName, role },
    // Invitations wait for a verified address (the action checks again): the form says so up front.
    inviteBlocked: canManage ? verificationBlock(ctx.user.id, "invite") : null,
    members: withTwoFactor(listMembers(ctx.tenant.id)).map((m) => ({ ...m, isYou: m.userId === ctx.user.id })),
    twoFactorRequired: tenantRequiresTwoFactor(ctx.tenant.id),
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
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireTenantContext(request);
  limitWrites(ctx.user.id);
  const ip = clientIp(context);
  const form = await readForm(request);
  const intent = Intent.safeParse(form.get("intent"));
  if (!intent.success)
    return data<SettingsResult>({ intent: "unknown", errors: { form: "Unknown action" } }, { status: 400 });
  const fail = (errors: Record<string, string | undefined>, status = 400) =>
    data<SettingsResult>({ intent: intent.data, errors }, { status });
  const ok = (message: string, extra: Partial<SettingsResult> = {}) =>
    data<SettingsResult>({ intent: intent.data, ok: message, ...extra });
  const role = ctx.tenant.role;

  switch (intent.data) {
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
        const e = domainFieldError(error);
        return fail({ members: e.message }, e.status);
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
        {/* A grid, not a list: on a phone it scrolls in its focusable frame rather than stacking. */}
        <table className="w-full text-left text-sm" data-phone="scroll">
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

export default function SettingsMembers() {
  const d = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>() as SettingsResult | undefined;
  const busy = useNavigation().state === "submitting";
  const intl = useFormat();
  const inviteErrors = result?.intent === "create-invite" ? (result.errors ?? {}) : {};
  return (
    <section aria-labelledby="members-title" className="card">
      <h2 id="members-title" className="text-lg font-semibold">
        Members of {d.tenant.name}
      </h2>
      <div className="relative mt-3 overflow-x-auto">
        <table className="stack-table w-full text-left text-sm">
          <thead className="text-xs uppercase text-ink-muted">
            <tr>
              <th className="py-2">Member</th>
              <th className="py-2">Role</th>
              <th className="py-2">Two-factor</th>
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
                <td className="py-2" data-testid="member-two-factor" data-label="Two-factor">
                  {m.twoFactor ? (
                    <StatusBadge tone="ok">On</StatusBadge>
                  ) : (
                    <StatusBadge tone={d.twoFactorRequired ? "warn" : "neutral"}>
                      {d.twoFactorRequired ? "Off: enrols at next sign-in" : "Off"}
                    </StatusBadge>
                  )}
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
                        <select id={`role-${m.userId}`} name="role" defaultValue={m.role} className="input w-auto py-1">
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
      <SettingsNotice result={result} intent="change-role" />
      <SettingsNotice result={result} intent="remove-member" />
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
          <SettingsNotice result={result} intent="create-invite" />
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
                    Open {i.role} invitation, expires {intl.formatDate(i.expiresAt)}
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
          <SettingsNotice result={result} intent="revoke-invite" />
        </div>
      ) : null}
    </section>
  );
}
