/**
 * The /password page's form. With JavaScript the analysis runs in the browser
 * as the user types: zxcvbn (loaded on demand, a separate chunk) and the
 * breach check by k-anonymity (only the SHA-1's first 5 hex characters go to
 * /api/pwned/range). Submitting never sends the password then. Without
 * JavaScript the same form posts to the route's action, which runs the same
 * analysis on the server and renders it; the input is never refilled.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Eye, EyeOff, Lock } from "~/components/ui/icons";
import {
  BreachDataUnavailable,
  countInRange,
  notCheckedMessage,
  passwordSha1,
  pwnedRangeUrl,
  RANGE_REQUEST_INIT,
  splitHash,
} from "../k-anonymity";
import { MAX_PASSWORD_LENGTH, passwordLength, policyVerdictFrom } from "../policy";
import { loadStrengthEstimator, type StrengthEstimator } from "../strength";
import { AnalysisResult, type AnalysisView } from "./analysis-result";
import { useFormat } from "~/lib/format-context";

/** Typing pauses this long before the range request, so a word typed costs one request, not one per key. */
const BREACH_DEBOUNCE_MS = 300;

type Props = {
  userInputs: string[];
  /** The no-JS action's result (already free of the password). */
  serverAnalysis: AnalysisView | null;
  serverError: string | null;
};

export function PasswordAnalyzer({ userInputs: inputsProp, serverAnalysis, serverError }: Props) {
  // Loader revalidation hands a new array each time; keep one while the words are the same.
  const inputsKey = inputsProp.join("\n");
  const intl = useFormat();
  const userInputs = useMemo(() => (inputsKey ? inputsKey.split("\n") : []), [inputsKey]);
  const [hydrated, setHydrated] = useState(false);
  const [estimatorState, setEstimatorState] = useState<"loading" | "ready" | "failed">("loading");
  const [live, setLive] = useState<AnalysisView | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [touched, setTouched] = useState(false);
  const [clientError, setClientError] = useState<string | null>(null);
  const estimator = useRef<StrengthEstimator | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const ranges = useRef(new Map<string, Promise<string>>());
  const sequence = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const fetchRange = useCallback((prefix: string) => {
    let pending = ranges.current.get(prefix);
    if (!pending) {
      pending = fetch(pwnedRangeUrl(prefix), RANGE_REQUEST_INIT).then(async (r) => {
        if (r.status === 503) throw new BreachDataUnavailable(await notCheckedMessage(r));
        if (!r.ok)
          throw new Error(
            r.status === 429
              ? "Too many checks from this address. Please wait a minute and try again."
              : "The breach check could not be completed. Please try again.",
          );
        return r.text();
      });
      pending.catch(() => ranges.current.delete(prefix));
      ranges.current.set(prefix, pending);
    }
    return pending;
  }, []);

  const analyze = useCallback(
    (password: string, immediate: boolean) => {
      const id = ++sequence.current;
      clearTimeout(timer.current);
      const estimate = estimator.current;
      if (!password || !estimate) {
        setLive(null);
        return;
      }
      const strength = estimate(password, userInputs);
      setLive({ length: passwordLength(password), strength, breach: { status: "checking" }, verdict: null });
      const { prefix, suffix } = splitHash(passwordSha1(password));
      const check = () =>
        fetchRange(prefix).then(
          (body) => {
            if (id !== sequence.current) return;
            const count = countInRange(body, suffix);
            setLive(
              (prev) =>
                prev && {
                  ...prev,
                  breach: { status: "done", count },
                  verdict: policyVerdictFrom({ password, score: strength.score, breachCount: count }),
                },
            );
          },
          (error: Error) => {
            if (id !== sequence.current) return;
            setLive(
              (prev) =>
                prev && {
                  ...prev,
                  breach:
                    error instanceof BreachDataUnavailable
                      ? { status: "not-checked", message: error.message }
                      : { status: "error", message: error.message },
                },
            );
          },
        );
      if (immediate || ranges.current.has(prefix)) void check();
      else timer.current = setTimeout(check, BREACH_DEBOUNCE_MS);
    },
    [fetchRange, userInputs],
  );

  useEffect(() => {
    setHydrated(true);
    let cancelled = false;
    loadStrengthEstimator().then(
      (e) => {
        if (cancelled) return;
        estimator.current = e;
        setEstimatorState("ready");
        // The user may have typed while the dictionaries were loading.
        if (input.current?.value) analyze(input.current.value, true);
      },
      () => !cancelled && setEstimatorState("failed"),
    );
    return () => {
      cancelled = true;
      clearTimeout(timer.current);
    };
  }, [analyze]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // With JavaScript everything happens here; the password is not posted.
    if (estimatorState === "failed") return; // fall back to the server analysis
    event.preventDefault();
    setTouched(true);
    const value = input.current?.value ?? "";
    setClientError(value ? null : "Enter a password to analyze");
    analyze(value, true);
  }

  const shown = live ?? (touched ? null : serverAnalysis);
  const fieldError = clientError ?? (touched ? null : serverError);

  return (
    <div className="space-y-6">
      <form
        method="post"
        className="card space-y-4"
        onSubmit={onSubmit}
        noValidate={hydrated}
        aria-labelledby="analyze-title"
      >
        <h2 id="analyze-title" className="text-base font-semibold">
          Analyze a password
        </h2>
        <div>
          <label htmlFor="password" className="label">
            Password
          </label>
          <div className="flex gap-2">
            <input
              ref={input}
              id="password"
              name="password"
              type={showPassword ? "text" : "password"}
              className="input font-mono"
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              required
              maxLength={MAX_PASSWORD_LENGTH}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={["password-privacy", fieldError ? "password-error" : ""].filter(Boolean).join(" ")}
              onChange={(e) => {
                setTouched(true);
                setClientError(null);
                analyze(e.currentTarget.value, false);
              }}
            />
            {hydrated ? (
              <button
                type="button"
                className="btn-secondary shrink-0"
                aria-pressed={showPassword}
                aria-controls="password"
                onClick={() => setShowPassword((v) => !v)}
              >
                {showPassword ? (
                  <EyeOff className="h-4 w-4" aria-hidden="true" />
                ) : (
                  <Eye className="h-4 w-4" aria-hidden="true" />
                )}
                {showPassword ? "Hide" : "Show"}
              </button>
            ) : null}
          </div>
          {fieldError ? (
            <p id="password-error" className="field-error" role="alert">
              {fieldError}
            </p>
          ) : null}
          <p
            id="password-privacy"
            className="mt-2 flex items-start gap-2 text-xs text-ink-muted"
            data-testid="privacy-note"
          >
            <Lock className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            {hydrated && estimatorState !== "failed"
              ? "Analyzed in this browser. For the breach check only the first 5 of the 40 hexadecimal characters of the password's SHA-1 hash are sent (k-anonymity); the password itself never leaves this page."
              : "Without JavaScript, the password is sent over this connection to Rampart's server, analyzed and discarded: it is never stored, logged or shown again."}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" name="intent" value="analyze" className="btn-primary">
            Analyze password
          </button>
          {hydrated && estimatorState === "loading" ? (
            <span className="text-sm text-ink-muted" role="status">
              Loading the strength estimator…
            </span>
          ) : null}
        </div>
      </form>
      {/* One short live summary for screen readers, not the whole result on every key. */}
      <p className="sr-only" role="status" aria-live="polite">
        {shown ? summary(shown, intl.formatNumber) : ""}
      </p>
      {shown ? <AnalysisResult analysis={shown} /> : null}
    </div>
  );
}

function summary(a: AnalysisView, formatNumber: (n: number) => string): string {
  const breach =
    a.breach.status === "checking"
      ? "Checking breach exposure."
      : a.breach.status === "error" || a.breach.status === "not-checked"
        ? a.breach.message
        : a.breach.count > 0
          ? `Found in data breaches ${formatNumber(a.breach.count)} times.`
          : "Not found in breach data.";
  const verdict = a.verdict ? (a.verdict.ok ? "Meets the password policy." : "Does not meet the password policy.") : "";
  return `Strength: ${a.strength.label}. ${breach} ${verdict}`.trim();
}
