/** POST /api/incidents/:id/tasks — add a task `{ title, phase?, dueHours? }`. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { addTaskApi } from "~/modules/incidents";

export const loader = onlyGet;

export const action = ({ request, params }: ActionFunctionArgs) => addTaskApi(request, params.id ?? "");
