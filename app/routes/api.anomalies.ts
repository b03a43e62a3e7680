/** GET /api/anomalies?status=&type=&limit= — the tenant's anomalies, newest first (spec entity plus explanation and events). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { listAnomaliesApi } from "~/modules/events";

export const loader = ({ request }: LoaderFunctionArgs) => listAnomaliesApi(request);

export const action = onlyGet;
