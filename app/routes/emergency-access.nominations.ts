/**
 * POST /emergency-access/nominations: a trusted contact answers or uses their own nomination (accept, decline,
 * request access), then back to /emergency-access with the outcome in the address (works without JavaScript).
 * Its own address because the contact's selected organization is often on a plan without the module: the
 * /emergency-access page's body admission (and its organization intents) are the plan's, this is the person's,
 * checked against the nomination and their verified address (app/modules/emergency-access).
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { limitWrites, methodNotAllowedHandler } from "~/lib/api.server";
import { domainFieldError, readForm } from "~/lib/http.server";
import { requireUser } from "~/modules/tenants";
import { acceptNomination, declineNomination, requestAccess } from "~/modules/emergency-access";

export const loader = methodNotAllowedHandler;

export const CONTACT_INTENTS = ["accept", "decline", "request"] as const;
const Body = z.object({ intent: z.enum(CONTACT_INTENTS), contactId: z.string().min(1).max(100) });

/** Why an answer failed, as a fixed word the page turns into a sentence (nothing from the request is echoed). */
export type NominationFailure = "missing" | "changed" | "unverified" | "plan" | "invalid";

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request);
  limitWrites(user.id);
  const parsed = Body.safeParse(Object.fromEntries(await readForm(request)));
  const back = (query: string) => redirect(`/emergency-access?${query}`);
  if (!parsed.success) return back("failed=invalid");
  const { intent, contactId } = parsed.data;
  try {
    if (intent === "accept") acceptNomination(user.id, contactId);
    else if (intent === "decline") declineNomination(user.id, contactId);
    else requestAccess(user.id, contactId);
    return back(`done=${intent}`);
  } catch (error) {
    const e = domainFieldError(error);
    const why: NominationFailure =
      e.status === 404
        ? "missing"
        : e.status === 409
          ? "changed"
          : e.code === "EMAIL_NOT_VERIFIED"
            ? "unverified"
            : e.status === 403
              ? "plan"
              : "invalid";
    return back(`failed=${why}`);
  }
}
