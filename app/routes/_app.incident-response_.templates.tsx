/** /incident-response/templates: the playbook templates (owners and admins edit them). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { TemplatesPage } from "~/modules/incidents/components/templates-page";
import { templatesAction, templatesLoader } from "~/modules/incidents";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Playbook templates · Incident Response · Rampart" }];

export const loader = ({ request }: LoaderFunctionArgs) => templatesLoader(request);

export const action = ({ request, context }: ActionFunctionArgs) => templatesAction(request, context);

export default function Page() {
  return <TemplatesPage />;
}
