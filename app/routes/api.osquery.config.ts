/**
 * POST /api/osquery/config: osquery's TLS remote API (app/modules/endpoint/osquery.server.ts; docs/endpoint-security.md).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowedHandler } from "~/lib/api.server";
import { config, readAgentBody } from "~/modules/endpoint";

export const loader = methodNotAllowedHandler;

export async function action({ request }: ActionFunctionArgs) {
  const body = await readAgentBody(request);
  const answer = body.ok ? config(body.value) : body.answer;
  return Response.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}
