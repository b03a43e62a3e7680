/** POST /api/incidents/:id/comments — `{ text, corrects? }` (a correction names the timeline entry it corrects). */
import type { ActionFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { addCommentApi } from "~/modules/incidents";

export const loader = onlyGet;

export const action = ({ request, params }: ActionFunctionArgs) => addCommentApi(request, params.id ?? "");
