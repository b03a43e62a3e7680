/** Splunk HTTP Event Collector (POST /services/collector/event/1.0, the versioned path): `Authorization: Splunk <token>`, HEC envelopes. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { hecApi } from "~/modules/events";

export const loader = () => new Response(JSON.stringify({ text: "Method not allowed", code: 6 }), { status: 405 });

export const action = ({ request }: ActionFunctionArgs) => hecApi(request);
