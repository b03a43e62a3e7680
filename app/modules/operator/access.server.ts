/**
 * The operator console's access gate (issue 32): who is asking, and may they. Listed among the request readers in
 * eslint.config.js (README: where page code lives): it reads the session and throws the answer.
 */
import { getSession, loginRedirect } from "~/modules/accounts";
import { isOperator } from "~/modules/accounts";

/**
 * The signed-in operator, or a 404 for everyone else (a customer learns nothing about the console, not even that
 * it exists); signed out, the sign-in page.
 */
export async function requireOperator(request: Request): Promise<{ id: string; email: string }> {
  const resolved = await getSession(request);
  if (!resolved) loginRedirect(request);
  if (!isOperator(resolved.user.id)) throw new Response("Not Found", { status: 404 });
  return { id: resolved.user.id, email: resolved.user.email };
}
