/** Splunk HEC raw endpoint (POST /services/collector/raw[/1.0]): one event per line, channel required. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ingestHecRaw } from "~/modules/events/ingest.server";
import { hec, hecAccess, hecAnswer, hecMethodNotAllowed, readHecBody } from "~/modules/events/hec.server";

/** A channel is a GUID, as Splunk requires (code 11 otherwise). */
const CHANNEL = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /services/collector/raw[/1.0]: the body is raw text, one event per line; `host`, `source`, `sourcetype` and
 * `index` come from the query string. Splunk requires a data channel here (`X-Splunk-Request-Channel` or the
 * `channel` query parameter, a GUID): missing is 400 code 10, malformed 400 code 11.
 */
async function hecRawApi(request: Request) {
  if (request.method !== "POST") return hecMethodNotAllowed("POST");
  const ctx = await hecAccess(request);
  if (ctx instanceof Response) return ctx;
  const url = new URL(request.url);
  const channel = request.headers.get("X-Splunk-Request-Channel") ?? url.searchParams.get("channel");
  if (!channel) return hec(400, { text: "Data channel is missing", code: 10 });
  if (!CHANNEL.test(channel)) return hec(400, { text: "Invalid data channel", code: 11 });
  const body = await readHecBody(request);
  if (body instanceof Response) return body;
  const meta = (name: string) => url.searchParams.get(name)?.slice(0, 1024) || null;
  return hecAnswer(
    await ingestHecRaw(ctx.tenant.id, body, {
      plan: ctx.effectivePlan,
      meta: { host: meta("host"), source: meta("source"), sourcetype: meta("sourcetype"), index: meta("index") },
    }),
  );
}

export const loader = ({ request }: LoaderFunctionArgs) => hecRawApi(request);
export const action = ({ request }: ActionFunctionArgs) => hecRawApi(request);
