/**
 * /phishing: the phishing analyzer. Free plan and up.
 *
 * The loader and action below serve /phishing-enhanced too (the same analyzer; the enhanced page also shows
 * every signal, link, attachment and the text body), which imports them from here.
 *
 * Uploads: multipart bodies are read with Remix's memory upload handler, capped at 5 MB per part; a bigger
 * part (file or pasted text) is a field error, and nothing is stored.
 */
import {
  MaxPartSizeExceededError,
  data,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { appRoute } from "~/lib/app-routes";
import { PhishingPage } from "~/modules/phishing/components/phishing-page";
import { z } from "zod";
import { loadAppRoute, requireAppRoute, requirePermission } from "~/modules/tenants";
import { limitWrites } from "~/lib/api.server";
import { clientIp } from "~/lib/request.server";
import { audit } from "~/modules/audit";
import {
  analyzeAndStore,
  EMPTY_MESSAGE,
  listPhishingItems,
  MAX_MESSAGE_BYTES,
  setPhishingStatus,
  TOO_LARGE,
} from "~/modules/phishing/phishing.server";
import { RISKS, STATUSES } from "~/modules/phishing/types";
import type { PhishingActionData, VerdictDetail } from "~/modules/phishing/types";
import { can } from "~/modules/permissions";
import { domainFieldError } from "~/lib/http.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: `${appRoute("/phishing").label} · Rampart` }];

export type PhishingPath = "/phishing" | "/phishing-enhanced";

const filterSchema = z.object({
  risk: z.enum(RISKS).optional().catch(undefined),
  status: z.enum(STATUSES).optional().catch(undefined),
});

export async function analyzerLoader(request: Request, path: PhishingPath) {
  const access = await loadAppRoute(request, path);
  if (access.teaser) return { teaser: true as const };
  const url = new URL(request.url);
  const filter = filterSchema.parse({
    risk: url.searchParams.get("risk") || undefined,
    status: url.searchParams.get("status") || undefined,
  });
  const items = listPhishingItems(access.ctx.tenant.id, filter).map((i) => ({
    id: i.id,
    subject: i.subject,
    sender: i.sender,
    risk: i.risk,
    kind: i.kind,
    status: i.status,
    rationale: i.rationale,
    score: i.score,
    createdAt: i.createdAt,
  }));
  return {
    teaser: false as const,
    items,
    filter: { risk: filter.risk ?? null, status: filter.status ?? null },
    // Members and viewers see no quarantine/release buttons; the action refuses them anyway.
    canTriage: can(access.ctx.tenant.role, "email", "triage"),
  };
}

const statusSchema = z.object({
  intent: z.enum(["quarantine", "release"]),
  id: z.string().min(1).max(100),
});

function fieldError(field: "raw" | "file", message: string) {
  return data<PhishingActionData>({ ok: false, fieldErrors: { [field]: message } }, { status: 400 });
}

export async function analyzerAction(request: Request, path: PhishingPath, context: unknown) {
  // Every intent here is at least an analysis (viewers only view): refused before the upload is read.
  const ctx = await requireAppRoute(request, path, { permission: ["email", "analyze"] });
  const tenantId = ctx.tenant.id;
  limitWrites(ctx.user.id);

  let form: FormData;
  const type = request.headers.get("Content-Type") ?? "";
  try {
    form = /multipart\/form-data/i.test(type)
      ? await unstable_parseMultipartFormData(
          request,
          unstable_createMemoryUploadHandler({ maxPartSize: MAX_MESSAGE_BYTES }),
        )
      : await request.formData();
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return fieldError(error.field === "raw" ? "raw" : "file", TOO_LARGE);
    return fieldError("raw", "The form could not be read. Please try again.");
  }

  const intent = String(form.get("intent") ?? "analyze");
  if (intent === "quarantine" || intent === "release") {
    requirePermission(request, ctx, ["email", "triage"]);
    const parsed = statusSchema.safeParse({ intent, id: form.get("id") });
    if (!parsed.success)
      return data<PhishingActionData>({ ok: false, formError: "Choose a message first." }, { status: 400 });
    const status = parsed.data.intent === "quarantine" ? "quarantined" : "detected";
    if (!setPhishingStatus(tenantId, parsed.data.id, status, ctx.user.id)) {
      throw new Response(JSON.stringify({ message: "Resource not found", code: "NOT_FOUND" }), {
        status: 404,
        headers: { "Content-Type": "application/json" },
      });
    }
    audit({
      action: `phishing.${parsed.data.intent}d`,
      tenantId,
      userId: ctx.user.id,
      ip: clientIp(context),
      detail: { id: parsed.data.id },
    });
    return data<PhishingActionData>({
      ok: true,
      statusChange: {
        id: parsed.data.id,
        status,
        message: status === "quarantined" ? "Message quarantined." : "Message released from quarantine.",
      },
    });
  }
  if (intent !== "analyze")
    return data<PhishingActionData>({ ok: false, formError: "Unknown action." }, { status: 400 });

  // The file wins over the textarea when both are given.
  const file = form.get("file");
  let raw: Buffer | string;
  let field: "raw" | "file" = "raw";
  if (file && typeof file !== "string" && file.size > 0) {
    field = "file";
    if (file.size > MAX_MESSAGE_BYTES) return fieldError("file", TOO_LARGE);
    if (/\.msg$/i.test(file.name))
      return fieldError(
        "file",
        "Outlook .msg files are not supported: save the message as .eml (or copy its source) and try again.",
      );
    raw = Buffer.from(await file.arrayBuffer());
  } else {
    raw = String(form.get("raw") ?? "");
    if (!raw.trim()) return fieldError("raw", EMPTY_MESSAGE);
  }

  try {
    const stored = await analyzeAndStore({ tenantId, userId: ctx.user.id, raw });
    const a = stored.analysis;
    const verdict: VerdictDetail = {
      id: stored.id,
      subject: a.subject,
      sender: a.sender,
      senderName: a.senderName,
      risk: a.risk,
      kind: a.kind,
      advice: a.advice,
      score: a.score,
      status: stored.status,
      rationale: a.rationale,
      alreadyAnalysed: stored.alreadyAnalysed
        ? { at: new Date(stored.createdAt).toISOString(), alertOccurrences: stored.alertOccurrences }
        : undefined,
    };
    if (path === "/phishing-enhanced") {
      verdict.detail = {
        signals: a.signals,
        links: a.links,
        attachments: a.attachments,
        auth: a.auth,
        bodyText: a.bodyText.slice(0, 20_000),
        replyTo: a.replyTo,
        returnPath: a.returnPath,
        date: a.date,
        messageId: a.messageId,
        durationMs: a.durationMs,
      };
    }
    return data<PhishingActionData>({ ok: true, verdict });
  } catch (error) {
    return fieldError(field, domainFieldError(error).message);
  }
}

export const loader = ({ request }: LoaderFunctionArgs) => analyzerLoader(request, "/phishing");

export const action = ({ request, context }: ActionFunctionArgs) => analyzerAction(request, "/phishing", context);

export default function Page() {
  return <PhishingPage path="/phishing" />;
}
