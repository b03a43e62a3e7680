/** GET /incident-response/:id/evidence/:evidenceId — an evidence file as an attachment (nosniff); audited. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { evidenceDownload } from "~/modules/incidents";

export const loader = ({ request, params, context }: LoaderFunctionArgs) =>
  evidenceDownload(request, params.id ?? "", params.evidenceId ?? "", context);
