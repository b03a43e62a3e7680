/** GET /services/collector/health (and /health/1.0): HEC's health check, which Vector calls before sending. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { hecHealth } from "~/modules/events/hec.server";

export const loader = ({ request }: LoaderFunctionArgs) => hecHealth(request);
export const action = ({ request }: ActionFunctionArgs) => hecHealth(request);
