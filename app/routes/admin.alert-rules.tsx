import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireTenantContext } from "~/modules/tenants";
import { SeverityBadge } from "~/components/ui/severity-badge";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Alert rules · Rampart" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireTenantContext(request, { feature: "adminDashboard", permission: "administer" });
  return null;
}

/**
 * The rules Rampart applies when raising alerts (built in; listed so admins know
 * what triggers what). Breach severity comes from the breach's data classes,
 * by the same lists the import uses (app/modules/breach/match.ts).
 */
const RULES = [
  {
    when: "A watched identity appears in a newly imported breach that exposed passwords, security answers, auth tokens, payment cards, bank accounts or identity numbers",
    severity: "high" as const,
  },
  {
    when: "A watched identity appears in a newly imported breach that exposed phone numbers, addresses, dates of birth, names or usernames (and none of the above)",
    severity: "medium" as const,
  },
  {
    when: "A watched identity appears in a newly imported breach that exposed only other data, such as e-mail addresses",
    severity: "low" as const,
  },
  { when: "A message analysed by the phishing analyzer is rated high risk", severity: "high" as const },
];

export default function AlertRules() {
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Alert rules</h1>
      <p className="mt-1 text-sm text-ink-muted">
        Each cause alerts once per organization; re-importing the same breach raises nothing new.
      </p>
      <ul className="card mt-4 divide-y divide-slate-100 p-0">
        {RULES.map((r) => (
          <li key={r.when} className="flex items-center gap-3 p-3 text-sm">
            <SeverityBadge level={r.severity} />
            <span>{r.when}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}
