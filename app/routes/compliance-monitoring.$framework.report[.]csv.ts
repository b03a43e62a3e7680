/** /compliance-monitoring/:framework/report.csv: the framework's requirements as CSV (formula-safe cells). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { reportCsvLoader } from "~/modules/compliance/route.server";

export const loader = ({ request, params }: LoaderFunctionArgs) => reportCsvLoader(request, params);
