/** PATCH /api/incidents/:id/tasks/:taskId — `{ status: "open" | "done", title? }`. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { patchTaskApi } from "~/modules/incidents";

export const loader = onlyGet;

export const action = ({ request, params }: ActionFunctionArgs) =>
  patchTaskApi(request, params.id ?? "", params.taskId ?? "");
