/**
 * POST /api/events — events as application/x-ndjson, application/json (one or an array) or text/plain syslog
 * (RFC 5424, RFC 3164, CEF); gzip accepted; 10 MB. 202 `{ accepted, ids, rejected: [{ line, message }] }`.
 * An API token with `events:write` (Authorization: Bearer). Handler: app/modules/events/api.server.ts.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowedHandler } from "~/lib/api.server";
import { postEventsApi } from "~/modules/events";

export const loader = methodNotAllowedHandler;

export const action = ({ request }: ActionFunctionArgs) => postEventsApi(request);
