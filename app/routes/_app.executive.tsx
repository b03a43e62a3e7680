import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { TeaserPage } from "~/components/teaser-page";
import { limitWrites } from "~/lib/api.server";
import { domainFieldError, readForm } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { useActionResult } from "~/lib/use-action-result";
import { can } from "~/modules/permissions";
import { loadAppRoute, requireAppRoute } from "~/modules/tenants";
import { appRoute } from "~/lib/app-routes";
import { ExecutiveView } from "~/modules/executive/components/executive-view";
import { CostInputsForm, SavingsFormula, type CostActionData } from "~/modules/executive/components/value-details";
import { executiveOverview } from "~/modules/executive/executive.server";
import { getCostInputs, saveCostInputs } from "~/modules/executive/costs.server";
import { costFormValues, parseCostForm, type CostFormValues } from "~/modules/executive/cost-form";
import { COSTS_FORBIDDEN, REPLACED_TOOLS } from "~/modules/executive";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Executive Dashboard · Rampart" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, "/executive");
  if (access.teaser) return { teaser: true as const };
  const tenantId = access.ctx.tenant.id;
  const costs = getCostInputs(tenantId);
  const canEditCosts = can(access.ctx.tenant.role, "executiveCosts", "manage");
  return {
    teaser: false as const,
    tenantName: access.ctx.tenant.displayName,
    ...executiveOverview(tenantId, costs),
    // The form's starting values (the stored inputs as typed text); only sent to those who may change them.
    costForm: canEditCosts
      ? ({
          currency: costs.currency,
          hourlyRate: costs.hourlyRate === null ? "" : String(costs.hourlyRate),
          toolCosts: Object.fromEntries(Object.entries(costs.toolCosts).map(([k, v]) => [k, String(v)])),
        } satisfies CostFormValues)
      : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireAppRoute(request, "/executive");
  limitWrites(ctx.user.id);
  const form = await readForm(request);
  const values = costFormValues((name) => form.get(name));
  const fail = (errors: Extract<CostActionData, { errors: object }>["errors"], status: number) =>
    data<CostActionData>({ errors, values }, { status });
  if (form.get("intent") !== "save-costs") return fail({ form: "Unknown action" }, 400);
  // The role is checked before anything is read into the store (the module checks it again).
  if (!can(ctx.tenant.role, "executiveCosts", "manage")) return fail({ form: COSTS_FORBIDDEN }, 403);
  const parsed = parseCostForm(values);
  if (!parsed.ok) return fail(parsed.errors, 400);
  try {
    saveCostInputs(ctx.tenant.id, { userId: ctx.user.id, role: ctx.tenant.role, ip: clientIp(context) }, parsed.inputs);
  } catch (error) {
    const e = domainFieldError(error);
    return fail({ form: e.message }, e.status);
  }
  return data<CostActionData>({ ok: "Costs saved. The savings above use them." });
}

// The same screen as /demo/executive, fed with the figures computed from this tenant's stored findings.
export default function Executive() {
  const data = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>() as CostActionData | undefined;
  if (data.teaser) return <TeaserPage path="/executive" />;
  return (
    <main id="main" className="max-w-6xl print:max-w-none">
      <p className="mb-3 flex justify-end" data-print="hide">
        {/* The printed report is this page: the print stylesheet (app/tailwind.css) leaves the app's chrome off. */}
        <button type="button" className="btn-secondary py-1" onClick={() => window.print()}>
          Print report
        </button>
      </p>
      <ExecutiveView
        title={appRoute("/executive").label}
        subtitle={`${data.tenantName}: risk, posture and compliance computed from your stored findings`}
        executiveMetrics={data.executiveMetrics}
        compliance={data.compliance}
        analytics={data.analytics}
        currency={data.value.currency}
        valueNote={
          <>
            <SavingsFormula value={data.value} />
            {data.costForm ? (
              <CostInputsForm
                tools={REPLACED_TOOLS}
                values={result?.values ?? data.costForm}
                errors={result?.errors ?? {}}
                ok={result?.ok}
              />
            ) : (
              <p className="mt-3 text-sm text-ink-muted" data-print="hide">
                An owner or admin of the organization enters the tool costs and hourly rate.
              </p>
            )}
          </>
        }
        controlsNote={
          <>
            Per framework, the open requirements cheapest to close next. Every requirement, its owner and evidence are
            in <Link to="/compliance-monitoring">Compliance</Link>.
          </>
        }
      />
    </main>
  );
}
