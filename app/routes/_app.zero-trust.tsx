/** /zero-trust: the organization's Zero Trust maturity against CISA's model, its evidence, history and roadmap. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { appRoute } from "~/lib/app-routes";
import { domainFieldError, forbidden, readForm } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { can } from "~/modules/permissions";
import { loadAppRoute, requireAppRoute } from "~/modules/tenants";
import {
  saveGroupClaims,
  ZERO_TRUST_PERMISSION_MESSAGE,
  ZTMM,
  zeroTrustAssessment,
  zeroTrustHistory,
  ZTMM_SOURCE,
} from "~/modules/zero-trust";
import { ZeroTrustPage, type ZeroTrustActionData } from "~/modules/zero-trust/components/zero-trust-page";
import { TeaserPage } from "~/components/teaser-page";
import { useLoaderData } from "@remix-run/react";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: `${appRoute("/zero-trust").label} · Rampart` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, "/zero-trust");
  if (access.teaser) return { teaser: true as const };
  const { tenant } = access.ctx;
  return {
    teaser: false as const,
    assessment: zeroTrustAssessment(tenant.id),
    history: zeroTrustHistory(tenant.id),
    canAssess: can(tenant.role, "zeroTrust", "assess"),
    source: ZTMM_SOURCE,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireAppRoute(request, "/zero-trust");
  if (!can(ctx.tenant.role, "zeroTrust", "assess")) throw forbidden(ZERO_TRUST_PERMISSION_MESSAGE);
  const form = await readForm(request);
  const groupId = String(form.get("group") ?? "");
  const group = ZTMM.find((g) => g.id === groupId);
  if (!group)
    return Response.json(
      { group: groupId, field: "form", error: "Choose a section of the model to save." } satisfies ZeroTrustActionData,
      {
        status: 400,
      },
    );
  const inputs = group.functions.map((f) => ({
    functionId: f.id,
    stage: String(form.get(`stage:${f.id}`) ?? "") as "",
    notes: String(form.get(`notes:${f.id}`) ?? ""),
    // One link a line; blank lines are not links.
    links: String(form.get(`links:${f.id}`) ?? "")
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean),
  }));
  try {
    const { changed } = saveGroupClaims(ctx.tenant.id, ctx.user.id, group.id, inputs, Date.now(), clientIp(context));
    return Response.json({
      group: group.id,
      saved: changed
        ? `${group.name}: ${changed === 1 ? "1 function" : `${changed} functions`} saved.`
        : `${group.name}: nothing changed.`,
    } satisfies ZeroTrustActionData);
  } catch (e) {
    const { status, field, message } = domainFieldError(e);
    // What was typed comes back, so a page without JavaScript shows it again beside the error.
    const values = Object.fromEntries(
      group.functions.flatMap((f) =>
        ["stage", "notes", "links"].map((k) => [`${k}:${f.id}`, String(form.get(`${k}:${f.id}`) ?? "")]),
      ),
    );
    return Response.json({ group: group.id, field, error: message, values } satisfies ZeroTrustActionData, {
      status,
    });
  }
}

export default function Page() {
  const data = useLoaderData<typeof loader>();
  if (data.teaser) return <TeaserPage path="/zero-trust" />;
  return <ZeroTrustPage />;
}
