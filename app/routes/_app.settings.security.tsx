import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { FormField } from "~/components/form-field";
import { SettingsNotice, type SettingsResult } from "~/components/settings-notice";
import { limitWrites } from "~/lib/api.server";
import { domainFieldError, readForm } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { useActionResult } from "~/lib/use-action-result";
import {
  confirmEnrolment,
  disableTwoFactor,
  endSessionsOf,
  endUserSession,
  EnrolmentPanel,
  listUserSessions,
  pendingEnrolment,
  RecoveryCodes,
  startEnrolment,
  twoFactorStatus,
} from "~/modules/accounts";
import { audit } from "~/modules/audit";
import { organizationsRequiringTwoFactor, requireTenantContext } from "~/modules/tenants";
import { hasPasskey } from "~/modules/sso";
import { useFormat } from "~/lib/format-context";

/**
 * Settings → Security (issue 33): two-factor sign-in (set up with a QR code, confirmed with a code, recovery
 * codes shown once, turned off with the password) and the person's sessions, each of which can be signed out.
 * A two-factor change ends every other session, as a password change does. Every form works without JavaScript.
 */
export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Security · Settings · Rampart" }];

export const INTENTS = [
  "start-two-factor",
  "confirm-two-factor",
  "disable-two-factor",
  "end-session",
  "end-other-sessions",
] as const;
const Intent = z.enum(INTENTS);

type SecurityResult = SettingsResult & { recoveryCodes?: string[] };

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request);
  const status = twoFactorStatus(ctx.user.id);
  const enrolment = status.enabled ? null : await pendingEnrolment(ctx.user.id);
  return {
    twoFactor: status,
    // A passkey is a second factor after the password too (issue 33): the "off" line must not say otherwise.
    passkey: hasPasskey(ctx.user.id),
    enrolment: enrolment ? { secret: enrolment.secret, qrDataUrl: enrolment.qrDataUrl } : null,
    requiredBy: organizationsRequiringTwoFactor(ctx.user.id),
    sessions: listUserSessions(ctx.user.id, ctx.session.idHash),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireTenantContext(request);
  limitWrites(ctx.user.id);
  const ip = clientIp(context);
  const form = await readForm(request);
  const intent = Intent.safeParse(form.get("intent"));
  if (!intent.success)
    return data<SecurityResult>({ intent: "unknown", errors: { form: "Unknown action" } }, { status: 400 });
  const fail = (errors: Record<string, string | undefined>, status = 400, headers?: HeadersInit) =>
    data<SecurityResult>({ intent: intent.data, errors }, { status, headers });
  const meta = { ip, tenantId: ctx.tenant.id };
  const userId = ctx.user.id;

  switch (intent.data) {
    case "start-two-factor": {
      try {
        await startEnrolment(userId);
      } catch (error) {
        const e = domainFieldError(error);
        return fail({ twoFactor: e.message }, e.status);
      }
      return data<SecurityResult>({ intent: intent.data });
    }
    case "confirm-two-factor": {
      const code = String(form.get("code") ?? "").slice(0, 64);
      if (!code.trim()) return fail({ code: "Enter the code from your app." });
      let codes: string[];
      try {
        codes = await confirmEnrolment(userId, code, meta);
      } catch (error) {
        const e = domainFieldError(error);
        return fail({ [e.field === "code" ? "code" : "twoFactor"]: e.message }, e.status);
      }
      const n = endSessionsOf(userId, ctx.session.idHash);
      if (n > 0) audit({ action: "auth.other_sessions_ended", userId, ...meta, detail: { count: n, why: "2fa" } });
      return data<SecurityResult>({
        intent: intent.data,
        ok: `Two-factor sign-in is on.${n > 0 ? ` ${n} other session${n === 1 ? " was" : "s were"} signed out.` : ""}`,
        recoveryCodes: codes,
      });
    }
    case "disable-two-factor": {
      const password = String(form.get("password") ?? "");
      if (!password || password.length > 1000) return fail({ password: "Enter your password to turn it off." });
      const r = await disableTwoFactor(userId, password, meta);
      if (!r.removed) {
        if (r.reason === "limited")
          return fail({ password: "Too many requests" }, 429, { "Retry-After": String(r.retryAfterSeconds) });
        if (r.reason === "wrong-password") return fail({ password: "The password is not correct." });
        return fail(
          { twoFactor: `${r.organizations.join(", ")} requires two-factor sign-in of its members: it stays on.` },
          409,
        );
      }
      const n = endSessionsOf(userId, ctx.session.idHash);
      if (n > 0) audit({ action: "auth.other_sessions_ended", userId, ...meta, detail: { count: n, why: "2fa" } });
      return data<SecurityResult>({
        intent: intent.data,
        ok: "Two-factor sign-in is off. Every other session was signed out.",
      });
    }
    case "end-session": {
      const handle = String(form.get("session") ?? "").slice(0, 64);
      if (!endUserSession(userId, handle, ctx.session.idHash, meta))
        return fail({ sessions: "That session has already ended." }, 404);
      return data<SecurityResult>({ intent: intent.data, ok: "The session was signed out." });
    }
    case "end-other-sessions": {
      const n = endSessionsOf(userId, ctx.session.idHash);
      audit({ action: "auth.other_sessions_ended", userId, ...meta, detail: { count: n } });
      return data<SecurityResult>({ intent: intent.data, ok: `Signed out ${n} other session${n === 1 ? "" : "s"}.` });
    }
  }
}

export default function SettingsSecurity() {
  const { formatDateTime: when } = useFormat();
  const d = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>() as SecurityResult | undefined;
  const busy = useNavigation().state === "submitting";
  const errorsOf = (intent: string) => (result?.intent === intent ? (result.errors ?? {}) : {});
  const others = d.sessions.filter((s) => !s.current).length;
  return (
    <>
      <section aria-labelledby="two-factor-title" className="card space-y-3">
        <h2 id="two-factor-title" className="text-lg font-semibold">
          Two-factor sign-in
        </h2>
        <p className="text-sm" data-testid="two-factor-status">
          {d.twoFactor.enabled
            ? `On since ${when(d.twoFactor.enabledAt ?? 0)}. ${d.twoFactor.recoveryCodesLeft} of 10 recovery codes left.`
            : d.passkey
              ? "App codes are off. Your passkeys are your second factor: after your password, you confirm with one."
              : "Off: a password alone signs in to your account."}
        </p>
        {d.requiredBy.length > 0 ? (
          <p className="text-sm text-ink-muted">
            {d.requiredBy.join(", ")} requires two-factor sign-in of its members.
          </p>
        ) : null}
        {result?.recoveryCodes ? <RecoveryCodes codes={result.recoveryCodes} /> : null}
        {d.twoFactor.enabled ? (
          <Form method="post" className="flex flex-wrap items-end gap-2" noValidate>
            <input type="hidden" name="intent" value="disable-two-factor" />
            <div className="min-w-0 flex-1">
              <FormField
                id="disable-password"
                name="password"
                type="password"
                label="Your password, to turn it off"
                autoComplete="current-password"
                error={errorsOf("disable-two-factor").password}
              />
            </div>
            <button type="submit" className="btn-secondary" disabled={busy}>
              Turn off two-factor sign-in
            </button>
          </Form>
        ) : d.enrolment ? (
          <EnrolmentPanel
            enrolment={d.enrolment}
            intent="confirm-two-factor"
            error={errorsOf("confirm-two-factor").code}
            busy={busy}
          />
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="start-two-factor" />
            <button type="submit" className="btn-primary" disabled={busy}>
              Set up two-factor sign-in
            </button>
          </Form>
        )}
        {/* A wrong code is shown next to its field, not again in the notice. */}
        {["start-two-factor", "confirm-two-factor", "disable-two-factor"]
          .filter((i) => !(i === "confirm-two-factor" && result?.errors?.code))
          .map((i) => (
            <SettingsNotice key={i} result={result} intent={i} />
          ))}
      </section>

      <section aria-labelledby="sessions-list-title" className="card">
        <h2 id="sessions-list-title" className="text-lg font-semibold">
          Sessions
        </h2>
        <div className="mt-3 overflow-x-auto">
          <table className="stack-table w-full text-left text-sm" data-testid="sessions-table">
            <thead>
              <tr className="text-ink-muted">
                <th scope="col" className="py-1 pr-3">
                  Device
                </th>
                <th scope="col" className="py-1 pr-3">
                  Address
                </th>
                <th scope="col" className="py-1 pr-3">
                  Last seen
                </th>
                <th scope="col" className="py-1 pr-3">
                  Signed in
                </th>
                <th scope="col" className="py-1">
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {d.sessions.map((s) => (
                <tr key={s.handle} className="border-t border-slate-100" data-testid="session-row">
                  <td className="py-2 pr-3">{s.device}</td>
                  <td className="py-2 pr-3" data-label="Address">
                    {s.ip ?? "unknown"}
                  </td>
                  <td className="py-2 pr-3" data-label="Last seen">
                    {when(s.lastSeenAt)}
                  </td>
                  <td className="py-2 pr-3" data-label="Signed in">
                    {when(s.createdAt)}
                  </td>
                  <td className="py-2">
                    {s.current ? (
                      <span className="text-ink-muted">This session</span>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="end-session" />
                        <input type="hidden" name="session" value={s.handle} />
                        <button type="submit" className="btn-secondary" disabled={busy}>
                          Sign out
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="end-other-sessions" />
          <button type="submit" className="btn-secondary" disabled={busy || others === 0}>
            Sign out everywhere else
          </button>
        </Form>
        <SettingsNotice result={result} intent="end-session" />
        <SettingsNotice result={result} intent="end-other-sessions" />
      </section>
    </>
  );
}
