/** DELETE /api/tokens/:id — revokes the token at once (204); another tenant's id is 404. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { revokeTokenApi } from "~/modules/api-tokens";

export const loader = onlyGet;

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  revokeTokenApi(request, params.id ?? "", context);
