/**
 * /password: the password analyzer (plan feature passwordAnalyzer, Pro and up).
 * The loader gives the page the user inputs zxcvbn should treat as guessable;
 * the action is the no-JavaScript path and returns only the analysis, never
 * the password (nor its hash).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { z } from "zod";
import { TeaserPage } from "~/components/teaser-page";
import { ModulePage } from "~/components/module-page";
import { loadAppRoute, requireAppRoute } from "~/modules/tenants";
import { appRoute } from "~/lib/app-routes";
import { firstIssue } from "~/lib/http.server";
import { analyzePassword } from "~/modules/password/analysis.server";
import { MAX_PASSWORD_LENGTH } from "~/modules/password/policy";
import { strengthUserInputs } from "~/modules/password/strength";
import { PasswordAnalyzer } from "~/modules/password/components/password-analyzer";
import type { AnalysisView } from "~/modules/password/components/analysis-result";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: `${appRoute("/password").label} · Rampart` }];

// A result page must not be kept by any cache.
export const headers = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, "/password");
  if (access.teaser) return { teaser: true as const };
  const { ctx } = access;
  return { teaser: false as const, userInputs: strengthUserInputs(ctx.user.email, ctx.tenant.displayName) };
}

const AnalyzeSchema = z.object({
  password: z
    .string({ error: "Enter a password to analyze" })
    .min(1, "Enter a password to analyze")
    .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters`),
});

type ActionResult = { analysis: AnalysisView | null; error: string | null };

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireAppRoute(request, "/password");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<ActionResult>(
      { analysis: null, error: "The form could not be read. Please try again." },
      { status: 400 },
    );
  }
  const parsed = AnalyzeSchema.safeParse({ password: form.get("password") ?? undefined });
  if (!parsed.success) return data<ActionResult>({ analysis: null, error: firstIssue(parsed.error) }, { status: 400 });
  const result = await analyzePassword(
    parsed.data.password,
    strengthUserInputs(ctx.user.email, ctx.tenant.displayName),
  );
  const analysis: AnalysisView = {
    length: result.length,
    strength: result.strength,
    breach:
      result.breach.status === "checked"
        ? { status: "done", count: result.breach.count }
        : { status: "not-checked", message: result.breach.message },
    verdict: result.verdict,
  };
  return data<ActionResult>({ analysis, error: null });
}

export default function PasswordPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  if (page.teaser) return <TeaserPage path="/password" />;
  return (
    <ModulePage path="/password">
      <PasswordAnalyzer
        userInputs={page.userInputs}
        serverAnalysis={result?.analysis ?? null}
        serverError={result?.error ?? null}
      />
    </ModulePage>
  );
}
