/** POST /api/incidents/:id/observables — `{ type, value, ioc?, note? }`. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { addObservableApi } from "~/modules/incidents";

export const loader = onlyGet;

export const action = ({ request, params }: ActionFunctionArgs) => addObservableApi(request, params.id ?? "");
