/**
 * /dark-web-monitoring: the tenant's watchlist (e-mail addresses and domains)
 * matched against the imported breach catalogue, and the exposures found,
 * which can be marked resolved or skipped. Every query takes the tenant id.
 */
import { z } from "zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { CheckCircle2, Info, Plus } from "~/components/ui/icons";
import { ModulePage } from "~/components/module-page";
import { TeaserPage } from "~/components/teaser-page";
import { limitWrites } from "~/lib/api.server";
import { loadAppRoute, requireAppRoute, requirePermission } from "~/modules/tenants";
import { can } from "~/modules/permissions";
import { appRoute } from "~/lib/app-routes";
import { notFound, domainFieldError } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { audit } from "~/modules/audit/audit.server";
import { verificationBlock } from "~/modules/accounts";
import { catalogueSize } from "~/modules/breach/breach.server";
import { breachFeedStatus } from "~/modules/breach/hibp.server";
import { ExposureList } from "~/modules/breach/components/exposure-list";
import { IdentityList } from "~/modules/breach/components/identity-list";
import { DomainVerification } from "~/modules/breach/components/domain-verification";
import { checkDomainVerification, listPendingDomains } from "~/modules/breach/domain-verification.server";
import { mailDomainConfirmation } from "~/modules/breach";
import { CONFIRMATION_MAILBOXES } from "~/modules/breach/mailboxes";
import { ExposureActionSchema, fieldErrors, RemoveIdentitySchema, WatchEntrySchema } from "~/modules/breach/validation";
import {
  addWatchedDomain,
  addWatchedEmail,
  listExposures,
  listWatchedIdentities,
  removeWatchedIdentity,
  setExposureStatus,
} from "~/modules/breach/watchlist.server";
import { useFormat } from "~/lib/format-context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

const PATH = "/dark-web-monitoring";

export const meta: MetaFunction = () => [{ title: `${appRoute(PATH).label} · Rampart` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, PATH);
  if (access.teaser) return { teaser: true as const };
  const tenantId = access.ctx.tenant.id;
  const exposures = listExposures(tenantId);
  const role = access.ctx.tenant.role;
  return {
    teaser: false as const,
    // The controls a role may use (the action checks again): app/modules/permissions.ts.
    canManageWatchlist: can(role, "watchlist", "manage"),
    canTriage: can(role, "exposure", "triage"),
    breachCount: catalogueSize(),
    feed: breachFeedStatus(),
    identities: listWatchedIdentities(tenantId, exposures),
    pendingDomains: listPendingDomains(tenantId),
    exposures,
  };
}

const MailConfirmationSchema = z.object({
  identityId: z.string().min(1).max(100),
  mailbox: z.enum(CONFIRMATION_MAILBOXES),
});

const STATUS_FOR_INTENT = { resolve: "resolved", skip: "skipped", reopen: "open" } as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireAppRoute(request, PATH);
  limitWrites(ctx.user.id);
  const tenantId = ctx.tenant.id;
  const form = await request.formData().catch(() => new FormData());
  const intent = String(form.get("intent") ?? "");
  const ip = clientIp(context);
  // Watchlist changes and exposure triage are state changes: owners and admins (app/modules/permissions.ts).
  requirePermission(
    request,
    ctx,
    intent === "add" || intent === "remove" || intent === "verify-domain" || intent === "mail-domain-confirmation"
      ? ["watchlist", "manage"]
      : ["exposure", "triage"],
  );

  if (intent === "mail-domain-confirmation") {
    const parsed = MailConfirmationSchema.safeParse({
      identityId: form.get("identityId"),
      mailbox: form.get("mailbox"),
    });
    if (!parsed.success) throw notFound();
    const outcome = await mailDomainConfirmation(tenantId, parsed.data.identityId, parsed.data.mailbox, {
      organization: ctx.tenant.name,
      userId: ctx.user.id,
    });
    if (outcome.status === "unknown") throw notFound();
    return {
      ok: true as const,
      fieldErrors: {} as Record<string, string>,
      value: "",
      message: null,
      verify: {
        identityId: parsed.data.identityId,
        verified: outcome.status === "already-verified",
        sent: outcome.status === "sent",
        message:
          outcome.status === "sent"
            ? `We sent a confirmation link to ${outcome.address}. The domain is verified once someone there follows it (within 24 hours).`
            : outcome.status === "already-verified"
              ? `${outcome.domain} is verified: its breaches are shown below.`
              : outcome.reason,
      },
    };
  }

  if (intent === "verify-domain") {
    const parsed = RemoveIdentitySchema.safeParse({ identityId: form.get("identityId") });
    // Another tenant's id, an e-mail entry and an unknown id get the same answer.
    const outcome = parsed.success
      ? await checkDomainVerification(tenantId, parsed.data.identityId, { userId: ctx.user.id, ip })
      : ({ status: "unknown" } as const);
    if (outcome.status === "unknown") throw notFound();
    const verified = outcome.status !== "not-found";
    // Not verified is an answer about the domain, not an error in the request: 200 either way.
    return {
      ok: true as const,
      fieldErrors: {} as Record<string, string>,
      value: "",
      message: null,
      verify: {
        identityId: parsed.data!.identityId,
        verified,
        message: verified
          ? `${outcome.domain} is verified: its breaches are shown below.`
          : `${outcome.domain} is not verified yet. ${outcome.reason} DNS changes can take a while to reach ` +
            "every server; the record is checked again every hour.",
      },
    };
  }

  if (intent === "add") {
    const parsed = WatchEntrySchema.safeParse({ value: form.get("value") ?? "" });
    if (!parsed.success) {
      return data(
        {
          ok: false as const,
          fieldErrors: fieldErrors(parsed.error),
          value: String(form.get("value") ?? "").slice(0, 254),
          message: null,
        },
        { status: 400 },
      );
    }
    const entry = parsed.data.value;
    // A domain reaches everyone at it: unverified accounts watch e-mail addresses only (issue 20).
    const unverified = entry.type === "domain" ? verificationBlock(ctx.user.id, "watch-domain") : null;
    if (unverified) {
      return data(
        { ok: false as const, fieldErrors: { value: unverified }, value: entry.value, message: null },
        { status: 403 },
      );
    }
    try {
      const r =
        entry.type === "email" ? addWatchedEmail(tenantId, entry.value) : addWatchedDomain(tenantId, entry.value);
      if (r.added)
        audit({
          action: "darkweb.watch_added",
          tenantId,
          userId: ctx.user.id,
          ip,
          detail: { identityId: r.id, type: entry.type },
        });
      let message: string;
      if (!r.added) message = `${entry.value} is already on your watchlist.`;
      else if (entry.type === "email") {
        message = r.newExposures
          ? `Now watching ${entry.value}. It appears in ${r.newExposures} breach${r.newExposures === 1 ? "" : "es"}: see the exposures below.`
          : catalogueSize() === 0
            ? `Now watching ${entry.value}. Not checked yet: no breach data has been loaded; it is checked as soon as breach data arrives.`
            : `Now watching ${entry.value}. It is not in any imported breach; you will get an alert if it appears in a new one.`;
      } else {
        message =
          `Now watching ${entry.value}. Prove that your organization controls it by publishing the DNS TXT record ` +
          `shown under "Verify your domains", then press Verify; its breaches are shown once it is verified.`;
      }
      return { ok: true as const, fieldErrors: {} as Record<string, string>, value: "", message };
    } catch (error) {
      const e = domainFieldError(error);
      return data(
        { ok: false as const, fieldErrors: { [e.field]: e.message }, value: entry.value, message: null },
        { status: e.status },
      );
    }
  }

  if (intent === "remove") {
    const parsed = RemoveIdentitySchema.safeParse({ identityId: form.get("identityId") });
    // Another tenant's id and an unknown one get the same answer.
    if (!parsed.success || !removeWatchedIdentity(tenantId, parsed.data.identityId)) throw notFound();
    audit({
      action: "darkweb.watch_removed",
      tenantId,
      userId: ctx.user.id,
      ip,
      detail: { identityId: parsed.data.identityId },
    });
    return {
      ok: true as const,
      fieldErrors: {} as Record<string, string>,
      value: "",
      message: "Removed from your watchlist.",
    };
  }

  const parsed = ExposureActionSchema.safeParse({ intent, exposureId: form.get("exposureId") });
  if (!parsed.success) {
    return data(
      { ok: false as const, fieldErrors: {} as Record<string, string>, value: "", message: "Unknown action." },
      { status: 400 },
    );
  }
  const status = STATUS_FOR_INTENT[parsed.data.intent];
  if (!setExposureStatus(tenantId, parsed.data.exposureId, status)) throw notFound();
  audit({
    action: `darkweb.exposure_${status}`,
    tenantId,
    userId: ctx.user.id,
    ip,
    detail: { exposureId: parsed.data.exposureId },
  });
  const words = { resolved: "marked resolved", skipped: "skipped", open: "reopened" } as const;
  return {
    ok: true as const,
    fieldErrors: {} as Record<string, string>,
    value: "",
    message: `Exposure ${words[status]}.`,
  };
}

export default function DarkWebMonitoring() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionResult<typeof action>();
  const navigation = useNavigation();
  const intl = useFormat();
  if (loaderData.teaser) return <TeaserPage path={PATH} />;
  const { identities, exposures, breachCount, canManageWatchlist, canTriage, feed, pendingDomains } = loaderData;
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const error = actionData && !actionData.ok ? actionData.fieldErrors.value : undefined;
  const formMessage = actionData && !actionData.ok && !error ? actionData.message : null;
  return (
    <ModulePage path={PATH}>
      <div className="space-y-6">
        {breachCount === 0 ? (
          <p className="card flex gap-3 text-sm" data-testid="no-breach-data">
            <Info className="mt-0.5 h-5 w-5 shrink-0 text-brand" aria-hidden="true" />
            <span>
              Not checked: no breach data has been loaded yet, so no entry can be called clean. Your watchlist is kept,
              and each entry is checked as soon as the person who runs this Rampart server loads breach data.
            </span>
          </p>
        ) : null}
        <p className="text-sm text-ink-muted" data-testid="breach-source">
          Breach data: {feed.source}
          {feed.domainSearch ? ", with domain search" : ""}; plus operator imports.{" "}
          {feed.lastSyncAt ? (
            <>
              Last synced{" "}
              <time dateTime={new Date(feed.lastSyncAt).toISOString()}>{intl.formatDateTime(feed.lastSyncAt)}</time>.
            </>
          ) : (
            "Not synced yet."
          )}
          {feed.lastError ? ` The last attempt failed: ${feed.lastError}.` : ""}
        </p>
        {canManageWatchlist ? null : (
          <p className="card text-sm" data-testid="watchlist-read-only">
            Your role can view the watchlist and its exposures; owners and admins add or remove entries and mark
            exposures resolved.
          </p>
        )}
        {canManageWatchlist ? (
          <section aria-labelledby="add-heading" className="card">
            <h2 id="add-heading" className="text-lg font-semibold">
              Watch an e-mail address or domain
            </h2>
            <p className="mt-1 text-sm text-ink-muted">
              An address is checked against the {intl.formatNumber(breachCount)} imported breach
              {breachCount === 1 ? "" : "es"} at once, and again whenever a new one is imported. A domain covers every
              address at it once you have verified it is yours with a DNS record.
            </p>
            <Form
              method="post"
              noValidate
              className="mt-4 flex flex-wrap items-start gap-3"
              key={actionData?.ok ? actionData.message : "form"}
            >
              <input type="hidden" name="intent" value="add" />
              <div className="min-w-[14rem] flex-1">
                <label htmlFor="watch-value" className="label">
                  E-mail address or domain
                </label>
                <input
                  id="watch-value"
                  name="value"
                  type="text"
                  inputMode="email"
                  autoComplete="off"
                  required
                  maxLength={254}
                  placeholder="name@example.com or example.com"
                  defaultValue={actionData && !actionData.ok ? actionData.value : ""}
                  className="input"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? "watch-value-error" : undefined}
                />
                {error ? (
                  <p id="watch-value-error" className="field-error">
                    {error}
                  </p>
                ) : null}
              </div>
              <button type="submit" className="btn-primary mt-6" disabled={adding}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                {adding ? "Adding..." : "Add to watchlist"}
              </button>
            </Form>
            <div aria-live="polite">
              {actionData?.ok && actionData.message ? (
                <p
                  className="mt-4 flex gap-2 rounded-card border border-ok/40 bg-ok-light p-3 text-sm text-ok"
                  role="status"
                >
                  <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                  <span className="break-words">{actionData.message}</span>
                </p>
              ) : formMessage ? (
                <p className="field-error" role="alert">
                  {formMessage}
                </p>
              ) : null}
            </div>
          </section>
        ) : null}
        <DomainVerification
          domains={pendingDomains}
          canVerify={canManageWatchlist}
          result={actionData && "verify" in actionData ? (actionData.verify ?? null) : null}
        />
        <IdentityList identities={identities} readOnly={!canManageWatchlist} />
        <ExposureList exposures={exposures} readOnly={!canTriage} />
      </div>
    </ModulePage>
  );
}
