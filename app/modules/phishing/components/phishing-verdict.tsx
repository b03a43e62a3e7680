/**
 * One message's verdict: risk (word, icon and colour), score and the
 * rationale lines. With `verdict.detail` (the enhanced page) it also shows
 * each signal with its weight, the authentication results, every link as
 * visible text beside its real target, the attachments with SHA-256, and the
 * body as plain text. The message's HTML is never rendered.
 */
import { useEffect, useRef } from "react";
import { SeverityBadge } from "~/components/ui/severity-badge";
import type { VerdictDetail } from "../types";
import { KindLabel, PhishingStatusBadge } from "./phishing-list";
import { useFormat } from "~/lib/format-context";

const RISK_SUMMARY = {
  high: "Do not interact with this message: do not click its links, open its attachments or reply. Report it to your security team.",
  medium:
    "Verify through another channel before you act: contact the sender through an address or phone number you already know, not one in this message.",
  low: "No phishing pattern found. Stay careful with unexpected requests all the same.",
} as const;

const CATEGORY_LABEL: Record<string, string> = {
  authentication: "Authentication",
  sender: "Sender",
  lookalike: "Lookalike domains",
  links: "Links",
  attachments: "Attachments",
  headers: "Headers",
  language: "Wording",
  model: "Text model",
  trust: "Reassuring evidence",
};

/** A signal's points with their sign (+12, -8, 0). */
function signed(n: number) {
  return n > 0 ? `+${n}` : String(n);
}

/** The verdict heading's id: the analysis form posts to `#VERDICT_ANCHOR` so that, without JavaScript, the answer page opens at the verdict. */
export const VERDICT_ANCHOR = "verdict-heading";

export function PhishingVerdict({
  verdict,
  headingLevel = 2,
  focusOnShow = false,
}: {
  verdict: VerdictDetail;
  headingLevel?: 2 | 3;
  /** Issue 32: the verdict renders below the fold; move focus (and so the view) to it each time a new one arrives. */
  focusOnShow?: boolean;
}) {
  const H = headingLevel === 2 ? "h2" : "h3";
  const Sub = headingLevel === 2 ? "h3" : "h4";
  const d = verdict.detail;
  const heading = useRef<HTMLHeadingElement>(null);
  const intl = useFormat();
  useEffect(() => {
    if (!focusOnShow || !heading.current) return;
    heading.current.focus({ preventScroll: true });
    heading.current.scrollIntoView({ block: "start" });
  }, [focusOnShow, verdict]);
  return (
    <section
      className="card space-y-4"
      aria-labelledby="verdict-heading"
      data-testid="phishing-verdict"
      data-risk={verdict.risk}
    >
      <div className="flex flex-wrap items-center gap-3">
        <H
          id={VERDICT_ANCHOR}
          ref={heading}
          tabIndex={-1}
          className="scroll-mt-4 text-lg font-semibold focus:outline-none"
        >
          Verdict
        </H>
        <SeverityBadge level={verdict.risk} />
        {verdict.kind ? <KindLabel kind={verdict.kind} /> : null}
        <span className="text-sm text-ink-muted" data-testid="phishing-score">
          Score {verdict.score}/100
        </span>
        {verdict.status ? <PhishingStatusBadge status={verdict.status} /> : null}
      </div>
      {verdict.alreadyAnalysed ? (
        <p
          className="rounded-md bg-brand-light p-3 text-sm text-brand-dark"
          role="status"
          data-testid="already-analysed"
        >
          Already analysed on{" "}
          <time dateTime={verdict.alreadyAnalysed.at}>{intl.formatDateTime(verdict.alreadyAnalysed.at)}</time>: this is
          the same message, so it was not stored again.
          {verdict.alreadyAnalysed.alertOccurrences
            ? ` Its alert has been seen ${verdict.alreadyAnalysed.alertOccurrences === 1 ? "once" : `${verdict.alreadyAnalysed.alertOccurrences} times`}.`
            : ""}
        </p>
      ) : null}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="font-medium text-ink-muted">Subject</dt>
        <dd className="break-words">{verdict.subject}</dd>
        <dt className="font-medium text-ink-muted">From</dt>
        <dd className="break-all">
          {verdict.senderName ? `${verdict.senderName} ` : ""}
          {verdict.sender ? `<${verdict.sender}>` : "(unknown sender)"}
        </dd>
        {d?.replyTo ? (
          <>
            <dt className="font-medium text-ink-muted">Reply-To</dt>
            <dd className="break-all">{d.replyTo}</dd>
          </>
        ) : null}
        {d?.returnPath ? (
          <>
            <dt className="font-medium text-ink-muted">Return-Path</dt>
            <dd className="break-all">{d.returnPath}</dd>
          </>
        ) : null}
        {d?.date ? (
          <>
            <dt className="font-medium text-ink-muted">Date</dt>
            <dd>{d.date}</dd>
          </>
        ) : null}
      </dl>
      <p className="text-sm font-medium">{RISK_SUMMARY[verdict.risk]}</p>
      {verdict.advice ? (
        <p className="text-sm" data-testid="phishing-advice">
          {verdict.advice}
        </p>
      ) : null}
      <div>
        <Sub className="mb-2 text-sm font-semibold">Why</Sub>
        <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="phishing-rationale">
          {verdict.rationale.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      </div>

      {d ? (
        <div className="space-y-5 border-t border-slate-200 pt-4" data-testid="phishing-detail">
          <div>
            <Sub className="mb-2 text-sm font-semibold">Signals and their weight</Sub>
            <div className="relative overflow-x-auto">
              <table className="w-full min-w-[480px] text-left text-sm">
                <caption className="sr-only">
                  Every signal the analyzer found, with the points it adds to the score
                </caption>
                <thead className="text-xs uppercase text-ink-muted">
                  <tr>
                    <th scope="col" className="py-1 pr-3">
                      Area
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Points
                    </th>
                    <th scope="col" className="py-1">
                      Finding
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {d.signals.map((s, i) => (
                    <tr key={`${s.id}-${i}`}>
                      <td className="whitespace-nowrap py-1 pr-3">{CATEGORY_LABEL[s.category] ?? s.category}</td>
                      <td className="py-1 pr-3 tabular-nums">{signed(s.points ?? s.weight)}</td>
                      <td className="py-1 break-words">{s.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="mt-1 text-xs text-ink-muted">
              Points are each signal&apos;s share of the score, as weighed by a combination learned from labelled mail;
              55 and above is high risk, 25 and above medium. Analysed in {d.durationMs} ms.
            </p>
          </div>

          <div>
            <Sub className="mb-2 text-sm font-semibold">Authentication</Sub>
            {d.auth.length ? (
              <ul className="space-y-1 text-sm">
                {d.auth.map((a) => (
                  <li key={a.method}>
                    <span className="font-mono uppercase">{a.method}</span>: <strong>{a.result}</strong>{" "}
                    <span className="text-ink-muted">
                      ({a.source === "mailauth" ? "re-verified here" : `reported by ${a.source}`}
                      {a.detail ? `; ${a.detail}` : ""})
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-ink-muted">
                No authentication results could be established for this copy of the message.
              </p>
            )}
          </div>

          <div>
            <Sub className="mb-2 text-sm font-semibold">Links ({d.links.length})</Sub>
            {d.links.length ? (
              <ul className="space-y-2 text-sm" data-testid="phishing-links">
                {d.links.map((l, i) => (
                  <li key={i} className="break-all">
                    {l.text ? <span>“{l.text}” → </span> : null}
                    <code className="rounded bg-surface-sunken px-1 font-mono text-xs">{l.href}</code>
                    {l.issues.length ? <span className="block text-xs text-danger">{l.issues.join("; ")}</span> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-ink-muted">No links.</p>
            )}
          </div>

          <div>
            <Sub className="mb-2 text-sm font-semibold">Attachments ({d.attachments.length})</Sub>
            {d.attachments.length ? (
              <ul className="space-y-2 text-sm">
                {d.attachments.map((a, i) => (
                  <li key={i} className="break-all">
                    <strong>{a.filename}</strong>{" "}
                    <span className="text-ink-muted">
                      ({a.contentType}, {intl.formatBytes(a.size)})
                    </span>
                    <span className="block font-mono text-xs text-ink-muted">SHA-256 {a.sha256}</span>
                    {a.issues.length ? <span className="block text-xs text-danger">{a.issues.join("; ")}</span> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-ink-muted">No attachments.</p>
            )}
          </div>

          <div>
            <Sub className="mb-2 text-sm font-semibold">
              Message text (HTML shown as text, links with their real targets)
            </Sub>
            <pre
              className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-md bg-surface-sunken p-3 text-xs"
              tabIndex={0}
              aria-label="Message text"
            >
              {d.bodyText || "(empty)"}
            </pre>
          </div>
        </div>
      ) : null}
    </section>
  );
}
