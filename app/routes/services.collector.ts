/** Splunk HTTP Event Collector (POST /services/collector): `Authorization: Splunk <token>`, HEC envelopes. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ingestHec } from "~/modules/events/ingest.server";
import { hecAccess, hecAnswer, hecMethodNotAllowed, readHecBody } from "~/modules/events/hec.server";

/** POST /services/collector[/event[/1.0]]: HEC envelopes. */
async function hecApi(request: Request) {
  if (request.method !== "POST") return hecMethodNotAllowed("POST");
  const ctx = await hecAccess(request);
  if (ctx instanceof Response) return ctx;
  const body = await readHecBody(request);
  if (body instanceof Response) return body;
  return hecAnswer(await ingestHec(ctx.tenant.id, body, { plan: ctx.effectivePlan }));
}

export const loader = ({ request }: LoaderFunctionArgs) => hecApi(request);

export const action = ({ request }: ActionFunctionArgs) => hecApi(request);
