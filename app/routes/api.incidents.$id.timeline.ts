/** GET /api/incidents/:id/timeline — the append-only timeline, oldest first. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { timelineApi } from "~/modules/incidents";

export const loader = ({ request, params }: LoaderFunctionArgs) => timelineApi(request, params.id ?? "");

export const action = onlyGet;
