import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { z } from "zod";
import { FormField } from "~/components/form-field";
import { SettingsNotice, type SettingsResult } from "~/components/settings-notice";
import { limitWrites } from "~/lib/api.server";
import { domainFieldError, readForm } from "~/lib/http.server";
import { can } from "~/modules/permissions";
import { PLAN_DISPLAY_NAME, TRIAL_DAYS } from "~/lib/plans";
import { clientIp } from "~/lib/request.server";
import {
  countActiveSessions,
  createSession,
  destroySessionCookie,
  endOtherSessions,
  endSession,
} from "~/modules/accounts/session.server";
import { deleteAccount, soleOwnerMessage, verificationBlock } from "~/modules/accounts";
import { changePassword } from "~/modules/accounts/accounts.server";
import { checkNewPassword } from "~/modules/accounts/new-password.server";
import { ChangePasswordSchema, fieldErrors } from "~/modules/accounts/validation";
import { audit } from "~/modules/audit/audit.server";
import { releaseOrganizationsForAccountDeletion, requireTenantContext } from "~/modules/tenants";
import { hasUsedTrial, startTrial, TRIAL_ALREADY_USED_BY_PERSON } from "~/modules/tenants/trials.server";
import { useFormat } from "~/lib/format-context";

/** Settings → Account: the person's password and sessions, the organization's plan and trial, their data. */
export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Settings · Rampart" }];

export const INTENTS = ["change-password", "end-other-sessions", "start-trial", "delete-account"] as const;
const Intent = z.enum(INTENTS);

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request);
  const role = ctx.tenant.role;
  return {
    email: ctx.user.email,
    tenant: { name: ctx.tenant.displayName, plan: PLAN_DISPLAY_NAME[ctx.tenant.plan] },
    effectivePlan: PLAN_DISPLAY_NAME[ctx.effectivePlan],
    trial: ctx.trial,
    otherSessions: Math.max(0, countActiveSessions(ctx.user.id) - 1),
    canStartTrial: can(role, "organization", "manage"),
    // One trial per person, and only with a verified address (trials.server.ts): the button is replaced by the reason.
    trialUnavailable: hasUsedTrial(ctx.user.id)
      ? TRIAL_ALREADY_USED_BY_PERSON
      : verificationBlock(ctx.user.id, "trial"),
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
  const ok = (message: string, init?: ResponseInit) => data<SettingsResult>({ intent: intent.data, ok: message }, init);

  switch (intent.data) {
    case "delete-account": {
      const password = String(form.get("password") ?? "");
      if (!password || password.length > 1000) return fail({ password: "Enter your password to delete your account." });
      const r = await deleteAccount(ctx.user.id, password, releaseOrganizationsForAccountDeletion, ip);
      if (r.deleted) {
        // The user row took every session with it; the browser's cookie goes too.
        return redirect("/login?deleted=1", { headers: { "Set-Cookie": await destroySessionCookie(request) } });
      }
      if (r.reason === "limited")
        return data<SettingsResult>(
          { intent: intent.data, errors: { password: "Too many requests" } },
          { status: 429, headers: { "Retry-After": String(r.retryAfterSeconds) } },
        );
      if (r.reason === "wrong-password") return fail({ password: "The password is not correct." });
      return fail({ account: soleOwnerMessage(r.organizations) }, 409);
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
        return data<SettingsResult>(
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
      return ok("Password changed. Every other session was signed out.", { headers });
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
      if (!can(ctx.tenant.role, "organization", "manage"))
        return fail({ trial: "Only an owner of the organization can start its trial." }, 403);
      try {
        startTrial(ctx.tenant.id, Date.now(), { startedBy: ctx.user.id });
      } catch (error) {
        const e = domainFieldError(error);
        return fail({ [e.field]: e.message }, e.status);
      }
      audit({ action: "trial.started", userId: ctx.user.id, tenantId: ctx.tenant.id, ip });
      return ok(`Your ${TRIAL_DAYS}-day trial has started: every feature is unlocked for this organization.`);
    }
  }
}

export default function SettingsAccount() {
  const d = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>() as SettingsResult | undefined;
  const busy = useNavigation().state === "submitting";
  const intl = useFormat();
  const pwErrors = result?.intent === "change-password" ? (result.errors ?? {}) : {};
  const accountErrors = result?.intent === "delete-account" ? (result.errors ?? {}) : {};
  return (
    <>
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
        <SettingsNotice result={result} intent="change-password" />
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
        <SettingsNotice result={result} intent="end-other-sessions" />
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
            ? `active until ${d.trial.endsAt ? intl.formatDate(d.trial.endsAt) : ""}`
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
        <SettingsNotice result={result} intent="start-trial" />
      </section>

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
          <SettingsNotice result={result} intent="delete-account" />
        </div>
      </section>
    </>
  );
}
