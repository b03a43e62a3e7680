/**
 * /compliance-monitoring (plan feature teamMonitoring): adopted frameworks,
 * their scores and trends, requirements by status and what to do next.
 * Signed out: the teaser; below Business: the upgrade banner (error boundary). Changes need
 * can(role, "complianceRecord", "manage"); forms are plain posts, errors come back per field with status 400.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { ModulePage } from "~/components/module-page";
import { TeaserPage } from "~/components/teaser-page";
import { appRoute } from "~/lib/app-routes";
import { ComplianceOverview } from "~/modules/compliance/components/compliance-overview";
import { z } from "zod";
import { limitWrites } from "~/lib/api.server";
import { loadAppRoute, requireAppRoute } from "~/modules/tenants";
import { clientIp } from "~/lib/request.server";
import { audit } from "~/modules/audit";
import {
  adoptFramework,
  checkEvidenceExpiry,
  dropFramework,
  frameworkScore,
  listAdoptions,
  listRequirements,
  nextSteps,
  recordScoreSnapshots,
  scoreTrend,
} from "~/modules/compliance/compliance.server";
import { FRAMEWORKS, STATUSES } from "~/modules/compliance/frameworks";
import { can } from "~/modules/permissions";
import { MANAGE_REFUSED } from "~/modules/compliance/permissions";
import { domainFieldError } from "~/lib/http.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: `${appRoute("/compliance-monitoring").label} · Rampart` }];

const PATH = "/compliance-monitoring";

export type FieldErrors = Partial<Record<string, string>>;

export type ComplianceActionData = {
  ok: boolean;
  intent: string;
  message?: string;
  formError?: string;
  fieldErrors?: FieldErrors;
};

const notFound = () =>
  new Response(JSON.stringify({ message: "Resource not found", code: "NOT_FOUND" }), {
    status: 404,
    headers: { "Content-Type": "application/json" },
  });

function refuse(): never {
  throw new Response(JSON.stringify({ message: MANAGE_REFUSED, code: "FORBIDDEN" }), {
    status: 403,
    headers: { "Content-Type": "application/json" },
  });
}

/** A refusal from the compliance module (a DomainError): 404 for a missing record, else shown by its field. */
function fail(intent: string, error: unknown) {
  const refused = domainFieldError(error);
  if (refused.status === 404) throw notFound();
  return data<ComplianceActionData>(
    refused.field === "form"
      ? { ok: false, intent, formError: refused.message }
      : { ok: false, intent, fieldErrors: { [refused.field]: refused.message } },
    { status: 400 },
  );
}

const overviewQuery = z.object({
  framework: z.string().max(100).optional().catch(undefined),
  status: z.enum(STATUSES).optional().catch(undefined),
  required: z.literal("1").optional().catch(undefined),
  q: z.string().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

const adoptSchema = z.object({
  framework: z.string({ error: "Choose a framework." }).min(1, "Choose a framework.").max(100),
  baseline: z.string().max(50).optional(),
});

async function readFormSafely(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const now = Date.now();
  const access = await loadAppRoute(request, PATH);
  if (access.teaser) return { teaser: true as const };
  const { ctx } = access;
  const tenantId = ctx.tenant.id;
  // Expired evidence is handled before anything is shown, so the page never shows a stale "compliant".
  checkEvidenceExpiry(tenantId, now);
  recordScoreSnapshots(tenantId, now);
  const url = new URL(request.url);
  const query = overviewQuery.parse(Object.fromEntries(url.searchParams));
  const adoptions = listAdoptions(tenantId);
  const adopted = adoptions.map((a) => {
    const s = frameworkScore(tenantId, a);
    return { key: a.framework.key, label: a.label, shortName: a.framework.shortName, baseline: a.baseline, ...s };
  });
  const current = adoptions.find((a) => a.framework.key === query.framework) ?? adoptions[0] ?? null;
  let selected = null;
  if (current) {
    const requiredOnly = current.framework.requiredFilter && query.required === "1";
    const list = listRequirements(
      tenantId,
      current,
      { status: query.status, q: query.q, page: query.page, requiredOnly },
      now,
    );
    selected = {
      key: current.framework.key,
      label: current.label,
      shortName: current.framework.shortName,
      requiredFilter: current.framework.requiredFilter,
      counts: frameworkScore(tenantId, current, { requiredOnly }),
      trend: scoreTrend(tenantId, current.framework.key, now).map((p) => ({
        label: p.label,
        short: p.short,
        value: p.score,
      })),
      next: nextSteps(tenantId, current, 5, now),
      filter: { status: query.status ?? null, requiredOnly, q: query.q ?? "" },
      list: {
        total: list.total,
        page: list.page,
        pageCount: list.pageCount,
        rows: list.rows.map((r) => ({
          id: r.id,
          title: r.title,
          type: r.requirement ?? r.kind,
          status: r.status,
          ownerEmail: r.ownerEmail,
          evidenceCount: r.evidenceCount,
          automatic: r.automatic.map((a) => a.label),
        })),
      },
    };
  }
  return {
    teaser: false as const,
    tenantName: ctx.tenant.displayName,
    canManage: can(ctx.tenant.role, "complianceRecord", "manage"),
    frameworks: FRAMEWORKS.map((f) => ({
      key: f.key,
      name: f.name,
      baselines: f.baselines?.map((b) => ({ key: b.key, name: b.name })) ?? null,
    })),
    adopted,
    selected,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireAppRoute(request, PATH);
  if (!can(ctx.tenant.role, "complianceRecord", "manage")) refuse();
  limitWrites(ctx.user.id);
  const form = await readFormSafely(request);
  if (!form)
    return data<ComplianceActionData>(
      { ok: false, intent: "unknown", formError: "The form could not be read." },
      { status: 400 },
    );
  const intent = String(form.get("intent") ?? "");
  const tenantId = ctx.tenant.id;
  if (intent === "adopt") {
    const parsed = adoptSchema.safeParse({
      framework: form.get("framework") ?? undefined,
      baseline: (form.get("baseline") as string | null) || undefined,
    });
    if (!parsed.success)
      return data<ComplianceActionData>(
        { ok: false, intent, fieldErrors: { framework: parsed.error.issues[0]?.message } },
        { status: 400 },
      );
    try {
      const adoption = adoptFramework(tenantId, ctx.user.id, parsed.data.framework, parsed.data.baseline ?? null);
      audit({
        action: "compliance.framework_adopted",
        tenantId,
        userId: ctx.user.id,
        ip: clientIp(context),
        detail: { framework: adoption.framework.key, baseline: adoption.baseline },
      });
      throw redirect(`${PATH}?framework=${encodeURIComponent(adoption.framework.key)}`);
    } catch (error) {
      if (error instanceof Response) throw error;
      return fail(intent, error);
    }
  }
  if (intent === "drop") {
    const framework = String(form.get("framework") ?? "");
    if (!dropFramework(tenantId, framework)) throw notFound();
    audit({
      action: "compliance.framework_dropped",
      tenantId,
      userId: ctx.user.id,
      ip: clientIp(context),
      detail: { framework },
    });
    throw redirect(PATH);
  }
  return data<ComplianceActionData>({ ok: false, intent, formError: "Unknown action." }, { status: 400 });
}
export default function Page() {
  const page = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  if (page.teaser) return <TeaserPage path="/compliance-monitoring" />;
  return (
    <ModulePage path="/compliance-monitoring">
      <ComplianceOverview
        canManage={page.canManage}
        frameworks={page.frameworks}
        adopted={page.adopted}
        selected={page.selected}
        adoptError={
          result && !result.ok
            ? (result.fieldErrors?.framework ?? result.fieldErrors?.baseline ?? result.formError)
            : undefined
        }
      />
    </ModulePage>
  );
}
