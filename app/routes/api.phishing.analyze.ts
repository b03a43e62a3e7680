/**
 * POST /api/phishing/analyze — JSON { raw }: analyses the message, stores it
 * as a phishing item of the selected tenant and answers 201
 * { id, subject, sender, risk, score, status, rationale }. The server allows
 * 10 MB bodies on this path (server/guards.ts). 400 VALIDATION_ERROR for a
 * missing, empty or non-message `raw`.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { methodNotAllowedHandler } from "~/lib/api.server";
import { badRequest, firstIssue, json, methodNotAllowed, readJsonBody, tooManyRequests } from "~/lib/http.server";
import { rateLimit } from "~/lib/rate-limit.server";
import { requireTenantContext } from "~/modules/tenants";
import { analyzeAndStore, apiItem, PhishingInputError } from "~/modules/phishing/phishing.server";

/** Issue 5 asks for at least 600 analyses a minute per user; the cap only stops a runaway script. */
const ANALYSES_PER_MINUTE = 1200;
const MAX_RAW_BYTES = 10 * 1024 * 1024;

const AnalyzeSchema = z.object({
  raw: z
    .string({ error: "raw is required: the full source of the e-mail as a string" })
    .refine((s) => s.trim().length > 0, "raw must not be empty"),
});

export const loader = methodNotAllowedHandler;

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await requireTenantContext(request, { feature: "phishingAnalyzer", permission: ["email", "analyze"] });
  const limit = rateLimit(`phishing-analyze:${ctx.user.id}`, ANALYSES_PER_MINUTE, 60_000);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
  const body = await readJsonBody(request);
  const parsed = AnalyzeSchema.safeParse(body && typeof body === "object" ? body : {});
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  try {
    const stored = await analyzeAndStore({
      tenantId: ctx.tenant.id,
      userId: ctx.user.id,
      raw: parsed.data.raw,
      maxBytes: MAX_RAW_BYTES,
    });
    const a = stored.analysis;
    return json(
      {
        ...apiItem({
          id: stored.id,
          subject: a.subject,
          sender: a.sender,
          risk: a.risk,
          kind: a.kind,
          score: a.score,
          status: stored.status,
          rationale: a.rationale,
        }),
        // The same message analysed before: its earlier item (200), not a second one (201).
        alreadyAnalysed: stored.alreadyAnalysed,
      },
      stored.alreadyAnalysed ? 200 : 201,
    );
  } catch (error) {
    if (error instanceof PhishingInputError) return badRequest(error.message);
    throw error;
  }
}
