/**
 * /emergency-access: an organization's trusted contacts (owners and admins name them, reject requests during the
 * wait period; owners revoke), and the person's own nominations as a contact (accept, decline, request access).
 * The contact's side does not depend on the selected organization's plan: a contact is often on a Free plan of
 * their own; the organization that named them must have the module (checked when they request).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { ModulePage } from "~/components/module-page";
import { TeaserPage } from "~/components/teaser-page";
import { FormField } from "~/components/form-field";
import { limitWrites } from "~/lib/api.server";
import { appRoute } from "~/lib/app-routes";
import { domainFieldError, readForm } from "~/lib/http.server";
import { hasFeature } from "~/lib/plans";
import { EmailSchema } from "~/modules/accounts/validation";
import { can } from "~/modules/permissions";
import { getTenantContext, requireAppRoute, requirePermission, requireUser } from "~/modules/tenants";
import type { NominationFailure } from "./emergency-access.nominations";
import {
  EMERGENCY_LEVELS,
  GRANT_DAYS,
  LEVEL_TEXT,
  listContacts,
  listNominations,
  nameContact,
  rejectRequest,
  removeContact,
  revokeAccess,
  WAIT_DAYS,
} from "~/modules/emergency-access";
import { useFormat } from "~/lib/format-context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

const PATH = "/emergency-access";
const NOMINATIONS = "/emergency-access/nominations";
export const meta: MetaFunction = () => [{ title: `${appRoute(PATH).label} · Rampart` }];

const STATE_TEXT = {
  invited: "Invited",
  accepted: "Accepted",
  requested: "Requested: waiting",
  granted: "Access granted",
  declined: "Declined",
  removed: "Removed",
} as const;
const EVENT_TEXT = {
  invited: "Invited",
  accepted: "Accepted",
  declined: "Declined",
  requested: "Requested access",
  rejected: "Rejected",
  granted: "Granted",
  used: "Used",
  expired: "Expired",
  revoked: "Revoked",
  removed: "Removed",
} as const;

const DONE_TEXT = {
  accept: "You are now a trusted contact.",
  decline: "Nomination declined.",
  request:
    "Access requested. The organization has been told; access is granted when the wait period ends unless it is rejected.",
} as const;
const FAILED_TEXT: Record<NominationFailure, string> = {
  missing: "This nomination does not exist.",
  changed: "This nomination has changed since the page was shown: see its state below.",
  unverified: "Verify your e-mail address first: trusted contacts act with a verified address.",
  plan: "This organization's plan no longer includes emergency access.",
  invalid: "Choose a nomination.",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await getTenantContext(request);
  if (!ctx) return { teaser: true as const };
  const nominations = ctx.token ? [] : listNominations(ctx.user.id);
  const feature = appRoute(PATH).feature!;
  const licensed = !!ctx.tenant && hasFeature(ctx.effectivePlan, feature);
  // Without the module and without a nomination there is nothing to show but the upgrade wall.
  if (!licensed && nominations.length === 0) await requireAppRoute(request, PATH);
  const role = ctx.tenant?.role ?? null;
  const manage = licensed && can(role, "emergencyAccess", "read");
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  const failed = url.searchParams.get("failed");
  return {
    teaser: false as const,
    // The contact's answer (emergency-access.nominations.ts) comes back as a fixed word, never as text.
    answered: done && done in DONE_TEXT ? DONE_TEXT[done as keyof typeof DONE_TEXT] : null,
    answerFailed: failed && failed in FAILED_TEXT ? FAILED_TEXT[failed as keyof typeof FAILED_TEXT] : null,
    organization: ctx.tenant?.displayName ?? null,
    licensed,
    canManage: manage && can(role, "emergencyAccess", "manage"),
    canRevoke: manage && can(role, "emergencyAccess", "revoke"),
    contacts: manage && ctx.tenant ? listContacts(ctx.tenant.id, ctx.user.id).map(showContact) : null,
    nominations: nominations.map((n) => ({
      ...n,
      tenantId: undefined,
      level: LEVEL_TEXT[n.level],
      grantAt: n.grantAt ?? null,
      endsAt: n.endsAt ?? null,
    })),
  };
}

function showContact(c: ReturnType<typeof listContacts>[number]) {
  return {
    id: c.id,
    email: c.email,
    level: LEVEL_TEXT[c.level],
    waitDays: c.waitDays,
    grantDays: c.grantDays,
    state: c.state,
    grantAt: c.grantAt ?? null,
    endsAt: c.endsAt ?? null,
    timeline: c.timeline.map((e) => ({ kind: e.kind, at: e.at, actor: e.actor })),
  };
}

// The organization's forms; a contact's own answers post to /emergency-access/nominations.
const Intent = z.enum(["add", "remove", "reject", "revoke"]);
const Id = z.string().min(1).max(100);
const AddForm = z.object({
  email: EmailSchema,
  level: z.enum(EMERGENCY_LEVELS, { message: "Choose an access level." }),
  waitDays: z.coerce
    .number({ message: "Give the wait period in days." })
    .int("Give whole days.")
    .min(WAIT_DAYS.min, `The wait period is ${WAIT_DAYS.min} to ${WAIT_DAYS.max} days.`)
    .max(WAIT_DAYS.max, `The wait period is ${WAIT_DAYS.min} to ${WAIT_DAYS.max} days.`),
  grantDays: z.coerce
    .number({ message: "Give the access duration in days." })
    .int("Give whole days.")
    .min(GRANT_DAYS.min, `Access lasts ${GRANT_DAYS.min} to ${GRANT_DAYS.max} days.`)
    .max(GRANT_DAYS.max, `Access lasts ${GRANT_DAYS.min} to ${GRANT_DAYS.max} days.`),
});

type Result = { intent: string; ok?: string; errors?: Record<string, string | undefined> };

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const intent = Intent.safeParse(form.get("intent"));
  const fail = (errors: Record<string, string | undefined>, status = 400) =>
    data<Result>({ intent: intent.success ? intent.data : "unknown", errors }, { status });
  if (!intent.success) {
    await requireUser(request);
    return fail({ form: "Unknown action" });
  }
  const ok = (message: string) => data<Result>({ intent: intent.data, ok: message });
  try {
    const ctx = await requireAppRoute(request, PATH);
    requirePermission(request, ctx, ["emergencyAccess", intent.data === "revoke" ? "revoke" : "manage"]);
    limitWrites(ctx.user.id);
    if (intent.data === "add") {
      const parsed = AddForm.safeParse(Object.fromEntries(form));
      if (!parsed.success)
        return fail(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "form"), i.message])));
      nameContact(ctx.tenant.id, ctx.user.id, parsed.data);
      return ok(`${parsed.data.email} is named as a trusted contact and has been invited.`);
    }
    const id = Id.safeParse(form.get("contactId"));
    if (!id.success) return fail({ form: "Choose a trusted contact." });
    if (intent.data === "remove") removeContact(ctx.tenant.id, ctx.user.id, id.data);
    else if (intent.data === "reject") rejectRequest(ctx.tenant.id, ctx.user.id, id.data);
    else revokeAccess(ctx.tenant.id, ctx.user.id, id.data);
    return ok(
      intent.data === "remove"
        ? "Trusted contact removed."
        : intent.data === "reject"
          ? "Request rejected: nothing was granted."
          : "Access revoked.",
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    const e = domainFieldError(error);
    return fail({ [e.field]: e.message }, e.status);
  }
}

export default function Page() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<Result>();
  const busy = useNavigation().state !== "idle";
  const intl = useFormat();
  const at = (ms: number | null) => (ms == null ? "" : intl.formatDateTime(ms));
  if (d.teaser) return <TeaserPage path={PATH} />;
  const err = result?.errors ?? {};
  return (
    <ModulePage path={PATH}>
      {d.answered ? (
        <p role="status" className="card mb-4 text-sm" data-testid="emergency-result">
          {d.answered}
        </p>
      ) : null}
      {d.answerFailed ? (
        <p role="alert" className="field-error mb-4" data-testid="emergency-error">
          {d.answerFailed}
        </p>
      ) : null}
      {result?.ok ? (
        <p role="status" className="card mb-4 text-sm" data-testid="emergency-result">
          {result.ok}
        </p>
      ) : null}
      {err.form ? (
        <p role="alert" className="field-error mb-4" data-testid="emergency-error">
          {err.form}
        </p>
      ) : null}

      {d.nominations.length ? (
        <section className="card mb-6" aria-labelledby="nominations-h" data-testid="nominations">
          <h2 id="nominations-h" className="font-semibold">
            Organizations that named you
          </h2>
          <ul className="mt-3 divide-y divide-slate-100">
            {d.nominations.map((n) => (
              <li key={n.id} className="flex flex-wrap items-center gap-3 py-3 text-sm" data-testid="nomination">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{n.organization}</p>
                  <p className="text-ink-muted">
                    {n.level} access, named by {n.grantor ?? "an owner"}; wait period {n.waitDays} days, access lasts{" "}
                    {n.grantDays} days.
                  </p>
                  <p data-testid="nomination-state">
                    {n.state === "requested"
                      ? `Requested: granted on ${at(n.grantAt)} unless the organization rejects it.`
                      : n.state === "granted"
                        ? `Access granted until ${at(n.endsAt)}.`
                        : STATE_TEXT[n.state]}
                  </p>
                </div>
                {n.state === "invited" ? (
                  <>
                    <IntentButton id={n.id} intent="accept" label="Accept" busy={busy} action={NOMINATIONS} />
                    <IntentButton
                      id={n.id}
                      intent="decline"
                      label="Decline"
                      busy={busy}
                      action={NOMINATIONS}
                      secondary
                    />
                  </>
                ) : n.state === "accepted" ? (
                  <IntentButton id={n.id} intent="request" label="Request access" busy={busy} action={NOMINATIONS} />
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {!d.licensed ? (
        <p className="card text-sm text-ink-muted">
          {d.organization ?? "This organization"}&apos;s plan does not include Emergency Access, so it cannot name
          trusted contacts of its own.
        </p>
      ) : d.contacts === null ? (
        <p className="card text-sm text-ink-muted" data-testid="emergency-no-role">
          Owners and admins of {d.organization} name its trusted contacts.
        </p>
      ) : (
        <>
          <section className="card mb-6" aria-labelledby="contacts-h" data-testid="contacts">
            <h2 id="contacts-h" className="font-semibold">
              Trusted contacts of {d.organization}
            </h2>
            {d.contacts.length === 0 ? (
              <p className="mt-2 text-sm text-ink-muted">
                No trusted contacts yet. Name someone who can reach the organization if no owner can.
              </p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-100">
                {d.contacts.map((c) => (
                  <li key={c.id} className="py-3 text-sm" data-testid="contact">
                    <div className="flex flex-wrap items-center gap-3">
                      <div className="min-w-0 flex-1">
                        <p className="font-medium">{c.email}</p>
                        <p className="text-ink-muted">
                          {c.level} access; wait period {c.waitDays} days; access lasts {c.grantDays} days.
                        </p>
                        <p data-testid="contact-state">
                          {c.state === "requested"
                            ? `Requested access: granted on ${at(c.grantAt)} unless rejected.`
                            : c.state === "granted"
                              ? `Access granted until ${at(c.endsAt)}.`
                              : STATE_TEXT[c.state]}
                        </p>
                      </div>
                      {c.state === "requested" && d.canManage ? (
                        <IntentButton id={c.id} intent="reject" label="Reject request" busy={busy} />
                      ) : null}
                      {(c.state === "granted" || c.state === "requested") && d.canRevoke ? (
                        <IntentButton id={c.id} intent="revoke" label="Revoke access" busy={busy} secondary />
                      ) : null}
                      {d.canManage && (c.state !== "granted" || d.canRevoke) ? (
                        <IntentButton id={c.id} intent="remove" label="Remove" busy={busy} secondary />
                      ) : null}
                    </div>
                    <details className="mt-2">
                      <summary className="cursor-pointer text-ink-muted">Timeline</summary>
                      <ol className="mt-1 space-y-0.5" data-testid="timeline">
                        {c.timeline.map((e, i) => (
                          <li key={i}>
                            {at(e.at)}: {EVENT_TEXT[e.kind]}
                            {e.actor ? ` by ${e.actor}` : ""}
                          </li>
                        ))}
                      </ol>
                    </details>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {d.canManage ? (
            <section className="card" aria-labelledby="add-h">
              <h2 id="add-h" className="font-semibold">
                Name a trusted contact
              </h2>
              <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2" data-testid="add-contact">
                <input type="hidden" name="intent" value="add" />
                <FormField id="email" name="email" type="email" label="E-mail address" required error={err.email} />
                <div>
                  <label htmlFor="level" className="label">
                    Access level
                  </label>
                  <select
                    id="level"
                    name="level"
                    className="input"
                    defaultValue="view"
                    aria-invalid={err.level ? true : undefined}
                    aria-describedby={err.level ? "level-error" : undefined}
                  >
                    <option value="view">View: read-only access to the organization</option>
                    <option value="takeover">Takeover: owner rights</option>
                  </select>
                  {err.level ? (
                    <p id="level-error" className="field-error" role="alert">
                      {err.level}
                    </p>
                  ) : null}
                </div>
                <FormField
                  id="waitDays"
                  name="waitDays"
                  type="number"
                  min={WAIT_DAYS.min}
                  max={WAIT_DAYS.max}
                  defaultValue={7}
                  label="Wait period (days)"
                  hint="Time the organization has to reject a request."
                  error={err.waitDays}
                />
                <FormField
                  id="grantDays"
                  name="grantDays"
                  type="number"
                  min={GRANT_DAYS.min}
                  max={GRANT_DAYS.max}
                  defaultValue={GRANT_DAYS.default}
                  label="Access lasts (days)"
                  error={err.grantDays}
                />
                <div className="sm:col-span-2">
                  <button type="submit" className="btn-primary" disabled={busy}>
                    Name trusted contact
                  </button>
                </div>
              </Form>
            </section>
          ) : null}
        </>
      )}
    </ModulePage>
  );
}

function IntentButton({
  id,
  intent,
  label,
  busy,
  secondary,
  action,
}: {
  id: string;
  intent: string;
  label: string;
  busy: boolean;
  secondary?: boolean;
  action?: string;
}) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="contactId" value={id} />
      <button type="submit" className={secondary ? "btn-secondary py-1" : "btn-primary py-1"} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}
