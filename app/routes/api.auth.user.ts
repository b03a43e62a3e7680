import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, unauthorized } from "~/lib/http.server";
import { onlyGet } from "~/lib/api.server";
import { getSession } from "~/modules/accounts/session.server";

/** The current user at the top level, or 401 (which the client treats as signed out, not as an error). */
export async function loader({ request }: LoaderFunctionArgs) {
  const resolved = await getSession(request);
  if (!resolved) return unauthorized();
  const { id, email, createdAt } = resolved.user;
  return json(
    { id, email, createdAt: new Date(createdAt).toISOString() },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const action = onlyGet;
