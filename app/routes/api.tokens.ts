/**
 * GET /api/tokens — the tenant's live API tokens `{ id, name, scopes, createdAt, lastUsedAt }`.
 * POST /api/tokens — `{ name, scopes }` -> 201 `{ id, name, scopes, token, createdAt }` (the token shown once).
 * Owners and admins, plans with API access. Handlers: app/modules/api-tokens/api.server.ts.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createTokenApi, listTokensApi } from "~/modules/api-tokens";

export const loader = ({ request }: LoaderFunctionArgs) => listTokensApi(request);

export const action = ({ request, context }: ActionFunctionArgs) => createTokenApi(request, context);
