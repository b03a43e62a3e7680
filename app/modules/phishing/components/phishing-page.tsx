/**
 * The phishing analyzer page (shared by /phishing and /phishing-enhanced):
 * the analysis form (paste or upload, works without JavaScript), the
 * verdict, the filters and the list of analysed messages.
 */
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { useHydrated } from "~/lib/use-hydrated";
import { CheckCircle2, Loader2, Search } from "~/components/ui/icons";
import { ModulePage } from "~/components/module-page";
import { TeaserPage } from "~/components/teaser-page";
import type { PhishingActionData, PhishingListItemView, PhishingStatus, Risk } from "../types";
import { PhishingFilters, PhishingList } from "./phishing-list";
import { PhishingVerdict, VERDICT_ANCHOR } from "./phishing-verdict";

type LoaderData =
  | { teaser: true }
  | {
      teaser: false;
      items: PhishingListItemView[];
      filter: { risk: Risk | null; status: PhishingStatus | null };
      canTriage: boolean;
    };

export function PhishingPage({ path }: { path: "/phishing" | "/phishing-enhanced" }) {
  const data = useLoaderData<LoaderData>();
  const action = useActionResult<PhishingActionData>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  if (data.teaser) return <TeaserPage path="/phishing" />;

  const submitting = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const intent = navigation.formData?.get("intent");
  const analyzing = submitting && (intent === null || intent === undefined || intent === "analyze");
  const pendingId = submitting && intent !== "analyze" ? String(navigation.formData?.get("id") ?? "") : null;
  const errors = action && !action.ok ? (action.fieldErrors ?? {}) : {};
  const enhanced = path === "/phishing-enhanced";
  const filtered = !!(data.filter.risk || data.filter.status);

  return (
    <ModulePage path={path}>
      <div className="space-y-8">
        <section aria-labelledby="analyze-heading" className="card">
          <h2 id="analyze-heading" className="text-lg font-semibold">
            Analyze a message
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            Paste the full source of a suspicious e-mail (in most mail clients: “Show original” or “View source”), or
            upload it as an .eml file, up to 5 MB. The message is never opened or rendered; only its text and analysis
            are kept.{" "}
            {enhanced ? (
              <Link to="/phishing" className="underline">
                Show the short view
              </Link>
            ) : (
              <Link to="/phishing-enhanced" className="underline">
                Show every signal in detail
              </Link>
            )}
          </p>
          {/* The fragment makes a browser without JavaScript open the answer page at the verdict; with JavaScript the
              verdict takes focus itself (a fragment in a router submission leaves it pending). */}
          <Form
            method="post"
            action={hydrated ? path : `${path}#${VERDICT_ANCHOR}`}
            encType="multipart/form-data"
            className="mt-4 space-y-4"
            data-testid="phishing-form"
          >
            <input type="hidden" name="intent" value="analyze" />
            <div>
              <label htmlFor="raw" className="label">
                Message source
              </label>
              <textarea
                id="raw"
                name="raw"
                rows={10}
                className="input font-mono text-xs"
                placeholder={"Received: from …\nFrom: …\nSubject: …\n\n…"}
                aria-invalid={errors.raw ? true : undefined}
                aria-describedby={errors.raw ? "raw-error" : "raw-hint"}
                spellCheck={false}
              />
              {errors.raw ? (
                <p id="raw-error" className="field-error" role="alert">
                  {errors.raw}
                </p>
              ) : (
                <p id="raw-hint" className="mt-1 text-xs text-ink-muted">
                  Headers included: the analyzer needs them to check the sender.
                </p>
              )}
            </div>
            <div>
              <label htmlFor="file" className="label">
                Or upload an .eml file
              </label>
              <input
                id="file"
                name="file"
                type="file"
                accept=".eml,message/rfc822,.txt"
                className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
                aria-invalid={errors.file ? true : undefined}
                aria-describedby={errors.file ? "file-error" : undefined}
              />
              {errors.file ? (
                <p id="file-error" className="field-error" role="alert">
                  {errors.file}
                </p>
              ) : null}
            </div>
            {action && !action.ok && action.formError ? (
              <p className="field-error" role="alert">
                {action.formError}
              </p>
            ) : null}
            <button type="submit" className="btn-primary" disabled={analyzing}>
              {analyzing ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
              ) : (
                <Search className="h-4 w-4" aria-hidden="true" />
              )}
              {analyzing ? "Analyzing..." : "Analyze message"}
            </button>
          </Form>
        </section>

        {action?.ok && action.verdict ? <PhishingVerdict verdict={action.verdict} focusOnShow /> : null}

        <section aria-labelledby="list-heading" className="space-y-4">
          <h2 id="list-heading" className="text-lg font-semibold">
            Analysed messages
          </h2>
          {action?.ok && action.statusChange ? (
            <p
              role="status"
              data-testid="phishing-status-change"
              className="flex items-center gap-2 rounded-md bg-ok-light px-3 py-2 text-sm text-ok"
            >
              <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
              {action.statusChange.message}
            </p>
          ) : null}
          <PhishingFilters risk={data.filter.risk} status={data.filter.status} />
          <PhishingList items={data.items} filtered={filtered} pendingId={pendingId} readOnly={!data.canTriage} />
        </section>
      </div>
    </ModulePage>
  );
}
