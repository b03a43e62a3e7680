/** GET /api/anomalies/:id — one anomaly with its events. PATCH `{ status: "acknowledged" | "benign" | "open" }`. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getAnomalyApi, patchAnomalyApi } from "~/modules/events";

export const loader = ({ request, params }: LoaderFunctionArgs) => getAnomalyApi(request, params.id ?? "");

export const action = ({ request, params }: ActionFunctionArgs) => patchAnomalyApi(request, params.id ?? "");
