// Helpers for tests that call loaders and actions directly against the test database.
import { createUser } from "~/modules/accounts/accounts.server";
import { markEmailVerified } from "~/modules/accounts";
import { createSession } from "~/modules/accounts/session.server";
import { randomUUID } from "node:crypto";

export const BASE = "http://localhost";

/** A signed-in user whose e-mail address is verified, unless a test asks otherwise (`verified: false`). */
export async function signedInUser(
  email = `u-${randomUUID().slice(0, 8)}@example.com`,
  opts: { verified?: boolean } = {},
) {
  const { user, tenantId } = await createUser(email, `a long passphrase ${randomUUID()}`);
  if (opts.verified !== false) markEmailVerified(user.id);
  const setCookie = await createSession(new Request(BASE), user.id, { selectedTenantId: tenantId });
  const cookie = setCookie.split(";")[0];
  return { user, tenantId, cookie };
}

export function req(path: string, init: RequestInit & { cookie?: string; tenantId?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.tenantId) headers.set("X-Tenant-Id", init.tenantId);
  return new Request(`${BASE}${path}`, { ...init, headers });
}

export function jsonReq(path: string, body: unknown, init: RequestInit & { cookie?: string; tenantId?: string } = {}) {
  return req(path, {
    method: "POST",
    ...init,
    headers: { "Content-Type": "application/json", ...(init.headers as Record<string, string>) },
    body: JSON.stringify(body),
  });
}

/** Runs a loader/action, returning the Response whether it was returned or thrown. */
export async function settle(fn: () => Promise<unknown> | unknown): Promise<Response> {
  try {
    const out = await fn();
    if (out instanceof Response) return out;
    // Remix's data(value, init): the status and headers are in init.
    if (out && typeof out === "object" && (out as { type?: string }).type === "DataWithResponseInit") {
      const { data, init } = out as { data: unknown; init: ResponseInit | null };
      const headers = new Headers(init?.headers);
      headers.set("Content-Type", "application/json");
      return new Response(JSON.stringify(data), { status: init?.status ?? 200, headers });
    }
    return new Response(JSON.stringify(out), { status: 200, headers: { "Content-Type": "application/json" } });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
