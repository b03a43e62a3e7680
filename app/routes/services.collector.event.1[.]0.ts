/** Splunk HTTP Event Collector (POST /services/collector/event/1.0, the versioned path): `Authorization: Splunk <token>`, HEC envelopes. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { hecApi } from "~/modules/events";

export const loader = ({ request }: LoaderFunctionArgs) => hecApi(request);

export const action = ({ request }: ActionFunctionArgs) => hecApi(request);
