/** GET/POST /api/notification-channels. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { limitWrites } from "~/lib/api.server";
import {
  domainErrorResponse,
  badRequest,
  firstIssue,
  forbidden,
  json,
  methodNotAllowed,
  readJsonBody,
} from "~/lib/http.server";
import { requireTenantContext } from "~/modules/tenants";
import { can, type PermissionAction } from "~/modules/permissions";
import { createChannel, listChannels } from "~/modules/alerts/channels.server";

const noStore = { "Cache-Control": "no-store" };

async function context(
  request: Request,
  action: PermissionAction<"alert">,
  feature?: "adminDashboard" | "realtimeAlerts" | "securityAlerts",
) {
  const ctx = await requireTenantContext(request, { api: true, ...(feature ? { feature } : {}) });
  if (!can(ctx.tenant.role, "alert", action))
    throw forbidden(
      action === "triage"
        ? "Owners and admins acknowledge, resolve and silence alerts"
        : "Owners and admins manage notification channels",
    );
  return ctx;
}

const CreateChannelSchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("email"),
      name: z.string().trim().min(1, "name is required").max(100),
      recipients: z.array(z.string().max(254)).min(1, "recipients: at least one address").max(20),
    }),
    z.object({
      type: z.literal("webhook"),
      name: z.string().trim().min(1, "name is required").max(100),
      url: z.string().trim().min(1, "url is required").max(2000),
      format: z.enum(["standard", "slack"]).optional(),
    }),
    z.object({
      type: z.literal("in_app"),
      name: z.string().trim().min(1, "name is required").max(100),
      userIds: z.array(z.string().max(100)).max(100).optional(),
    }),
  ],
  { error: "type must be email, webhook or in_app" },
);

async function channelsApi(request: Request) {
  if (request.method === "GET") {
    const ctx = await context(request, "configure", "adminDashboard");
    return json(
      {
        channels: listChannels(ctx.tenant.id).map((c) => ({
          id: c.id,
          type: c.type,
          name: c.name,
          status: c.status,
          consecutiveFailures: c.consecutiveFailures,
          createdAt: new Date(c.createdAt).toISOString(),
        })),
      },
      { headers: noStore },
    );
  }
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await context(request, "configure", "adminDashboard");
  limitWrites(ctx.user.id);
  const body = await readJsonBody(request);
  if (!body || typeof body !== "object" || Array.isArray(body)) return badRequest("Send a JSON object");
  const parsed = CreateChannelSchema.safeParse(body);
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  try {
    const created = await createChannel(ctx.tenant.id, parsed.data, ctx.user.id);
    return json(created, {
      status: 201,
      headers: { ...noStore, Location: `/api/notification-channels/${created.id}` },
    });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const loader = ({ request }: LoaderFunctionArgs) => channelsApi(request);
export const action = ({ request }: ActionFunctionArgs) => channelsApi(request);
