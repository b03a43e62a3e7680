/** /compliance-monitoring/evidence/:id: an evidence file, as an attachment only, audited. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { evidenceDownloadLoader } from "~/modules/compliance/route.server";

export const loader = ({ request, params, context }: LoaderFunctionArgs) =>
  evidenceDownloadLoader(request, params, context);
