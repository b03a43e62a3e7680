/** Splunk HEC acknowledgement endpoint (POST /services/collector/ack[/1.0]): acknowledgement is disabled here. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { hec, hecAccess, hecMethodNotAllowed } from "~/modules/events/hec.server";

/** POST /services/collector/ack: indexer acknowledgement is off here (every answer is final), as Splunk says it. */
async function hecAckApi(request: Request) {
  if (request.method !== "POST") return hecMethodNotAllowed("POST");
  const ctx = await hecAccess(request);
  if (ctx instanceof Response) return ctx;
  return hec(400, { text: "ACK is disabled", code: 14 });
}

export const loader = ({ request }: LoaderFunctionArgs) => hecAckApi(request);
export const action = ({ request }: ActionFunctionArgs) => hecAckApi(request);
