import {
  AlertTriangle,
  CheckCircle2,
  Loader2,
  ShieldAlert,
  ShieldCheck,
  ShieldQuestion,
  XCircle,
} from "~/components/ui/icons";
import { CRACK_TIME_CASES, type StrengthReport } from "../strength";
import type { PolicyVerdict } from "../policy";
import { useFormat } from "~/lib/format-context";

export type BreachState =
  | { status: "checking" }
  | { status: "done"; count: number }
  | { status: "error"; message: string }
  // No breach data on the server (no live service, no imported list): neutral, never "not found".
  | { status: "not-checked"; message: string };

/** What the page shows, whether computed in the browser or by the no-JS action. Never the password. */
export type AnalysisView = {
  length: number;
  strength: StrengthReport;
  breach: BreachState;
  verdict: PolicyVerdict | null;
};

// Colour and an icon per score; the word is always written out too.
const SCORE_STYLE = [
  { bar: "bg-danger", text: "text-danger", Icon: ShieldAlert },
  { bar: "bg-danger", text: "text-danger", Icon: ShieldAlert },
  { bar: "bg-warn", text: "text-warn", Icon: ShieldQuestion },
  { bar: "bg-ok", text: "text-ok", Icon: ShieldCheck },
  { bar: "bg-ok", text: "text-ok", Icon: ShieldCheck },
] as const;

export function StrengthMeter({ strength }: { strength: StrengthReport }) {
  const style = SCORE_STYLE[strength.score];
  return (
    <div data-testid="strength">
      <p className={`flex items-center gap-2 text-lg font-semibold ${style.text}`}>
        <style.Icon className="h-5 w-5" aria-hidden="true" />
        <span>
          Strength: {strength.label}{" "}
          <span className="text-sm font-normal text-ink-muted">(score {strength.score} of 4)</span>
        </span>
      </p>
      <div className="mt-2 grid grid-cols-5 gap-1" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className={`h-2 rounded-full ${i <= strength.score ? style.bar : "bg-slate-200"}`} />
        ))}
      </div>
      <p className="mt-2 text-sm text-ink-muted">
        Estimated guesses to find it: <Guesses strength={strength} />
      </p>
    </div>
  );
}

function Guesses({ strength }: { strength: StrengthReport }) {
  const intl = useFormat();
  if (strength.guessesLog10 < 6)
    return <span data-testid="guesses">{intl.formatNumber(Math.round(strength.guesses))}</span>;
  return (
    <span data-testid="guesses">
      about 10<sup>{strength.guessesLog10.toFixed(1)}</sup>
    </span>
  );
}

export function CrackTimesTable({ strength }: { strength: StrengthReport }) {
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[18rem] border-collapse text-sm" data-testid="crack-times">
        <caption className="mb-2 text-left font-semibold">Estimated time to crack</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-ink-muted">
            <th scope="col" className="py-1 pr-3 font-medium">
              Attack
            </th>
            <th scope="col" className="py-1 font-medium">
              Time
            </th>
          </tr>
        </thead>
        <tbody>
          {CRACK_TIME_CASES.map((c) => (
            <tr key={c.key} className="border-b border-slate-100">
              <th scope="row" className="py-2 pr-3 text-left font-normal">
                {c.label}
                <span className="block text-xs text-ink-muted">{c.rate}</span>
              </th>
              <td className="py-2 font-medium">{strength.crackTimes[c.key]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function BreachResult({ breach }: { breach: BreachState }) {
  const intl = useFormat();
  if (breach.status === "checking") {
    return (
      <p className="flex items-center gap-2 text-ink-muted" data-testid="breach-result">
        <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" />
        Checking breach exposure…
      </p>
    );
  }
  if (breach.status === "error") {
    return (
      <p className="flex items-center gap-2 text-warn" data-testid="breach-result">
        <AlertTriangle className="h-5 w-5 shrink-0" aria-hidden="true" />
        {breach.message}
      </p>
    );
  }
  if (breach.status === "not-checked") {
    return (
      <p className="flex items-start gap-2 rounded-md bg-surface-sunken p-3 text-ink" data-testid="breach-result">
        <ShieldQuestion className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        {breach.message}
      </p>
    );
  }
  if (breach.count > 0) {
    return (
      <div className="rounded-md bg-danger-light p-3 text-danger" data-testid="breach-result">
        <p className="flex items-center gap-2 font-semibold">
          <ShieldAlert className="h-5 w-5 shrink-0" aria-hidden="true" />
          Found in data breaches
        </p>
        <p className="mt-1 text-sm">
          This password has been seen <strong data-testid="breach-count">{intl.formatNumber(breach.count)}</strong> time
          {breach.count === 1 ? "" : "s"} in breached password lists. Attackers try these first: do not use it anywhere.
        </p>
      </div>
    );
  }
  return (
    <div className="rounded-md bg-ok-light p-3 text-ok" data-testid="breach-result">
      <p className="flex items-center gap-2 font-semibold">
        <ShieldCheck className="h-5 w-5 shrink-0" aria-hidden="true" />
        Not found in the breach data Rampart holds
      </p>
      <p className="mt-1 text-sm">That is necessary, not sufficient: a strong and unique password still matters.</p>
    </div>
  );
}

export function PolicyResult({ verdict }: { verdict: PolicyVerdict }) {
  return (
    <div data-testid="policy-verdict">
      {verdict.ok ? (
        <p className="flex items-center gap-2 font-semibold text-ok">
          <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden="true" />
          Meets the password policy
        </p>
      ) : (
        <>
          <p className="flex items-center gap-2 font-semibold text-danger">
            <XCircle className="h-5 w-5 shrink-0" aria-hidden="true" />
            Does not meet the password policy
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
            {verdict.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </>
      )}
      {verdict.notes.length ? (
        <ul className="mt-2 space-y-1 text-sm text-ink-muted">
          {verdict.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      <p className="mt-2 text-xs text-ink-muted">
        The policy follows NIST SP 800-63B: at least 8 characters (15 or more recommended), no composition rules, and no
        breached or easily guessed passwords. Sign-up and password changes apply the same rules.
      </p>
    </div>
  );
}

export function AnalysisResult({ analysis }: { analysis: AnalysisView }) {
  const { strength } = analysis;
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="analysis-result">
      <section className="card space-y-4" aria-labelledby="strength-title">
        <h2 id="strength-title" className="text-base font-semibold">
          Strength ({analysis.length} character{analysis.length === 1 ? "" : "s"})
        </h2>
        <StrengthMeter strength={strength} />
        {strength.warning ? (
          <p className="flex items-start gap-2 text-sm text-warn" data-testid="strength-warning">
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>
              <span className="font-semibold">Warning:</span> {strength.warning}
            </span>
          </p>
        ) : null}
        {strength.suggestions.length ? (
          <div>
            <h3 className="text-sm font-semibold">Suggestions</h3>
            <ul className="mt-1 list-disc space-y-1 pl-6 text-sm" data-testid="strength-suggestions">
              {strength.suggestions.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <CrackTimesTable strength={strength} />
      </section>
      <div className="space-y-4">
        <section className="card" aria-labelledby="breach-title">
          <h2 id="breach-title" className="mb-3 text-base font-semibold">
            Breach exposure
          </h2>
          <BreachResult breach={analysis.breach} />
        </section>
        <section className="card" aria-labelledby="policy-title">
          <h2 id="policy-title" className="mb-3 text-base font-semibold">
            Policy verdict
          </h2>
          {analysis.verdict ? (
            <PolicyResult verdict={analysis.verdict} />
          ) : (
            <p className="text-sm text-ink-muted">
              {analysis.breach.status === "error"
                ? "The verdict needs the breach check; analyze again in a moment."
                : analysis.breach.status === "not-checked"
                  ? "No verdict: the policy needs the breach check, which this server cannot run."
                  : "Waiting for the breach check…"}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
