/** POST /api/incidents/:id/evidence — multipart/form-data with `file` (25 MB at most) and an optional `note`. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { addEvidenceApi } from "~/modules/incidents";

export const loader = onlyGet;

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  addEvidenceApi(request, params.id ?? "", context);
