/** Splunk HEC acknowledgement endpoint (POST /services/collector/ack[/1.0]): acknowledgement is disabled here. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { hecAckApi } from "~/modules/events";

export const loader = ({ request }: LoaderFunctionArgs) => hecAckApi(request);
export const action = ({ request }: ActionFunctionArgs) => hecAckApi(request);
