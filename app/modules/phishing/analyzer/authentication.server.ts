/**
 * Stage "authentication": DKIM, SPF (client IP from the topmost Received
 * header), DMARC and ARC re-verified with mailauth 4 when the message carries
 * a DKIM signature; otherwise, or when DNS does not answer, the topmost
 * Authentication-Results header (RFC 8601) written by the receiving server.
 * DNS look-ups share a 2 s budget per message and never block the verdict.
 */
import { promises as dnsPromises } from "node:dns";
import type { DomainInfo } from "../domains";
import { authenticate, type HeaderLine } from "./parse.server";
import type { AddSignal, AnalyzeOptions, AuthVerdict, Resolver } from "./types";
import { cap, LIMITS, shorten, stripComments } from "./text";

// ---------------------------------------------------------------------------
// DNS: a shared cache (production) and a per-message deadline.
// ---------------------------------------------------------------------------
const dnsCache = new Map<string, { expires: number; value?: unknown; error?: unknown }>();
let systemResolver: InstanceType<typeof dnsPromises.Resolver> | null = null;

export async function cachedSystemResolve(name: string, rrtype: string): Promise<unknown> {
  const key = `${rrtype}:${name.toLowerCase()}`;
  const hit = dnsCache.get(key);
  const now = Date.now();
  if (hit && hit.expires > now) {
    if (hit.error) throw hit.error;
    return hit.value;
  }
  systemResolver ??= new dnsPromises.Resolver({ timeout: 1500, tries: 1 });
  try {
    const value = await systemResolver.resolve(name, rrtype as "TXT");
    dnsCache.set(key, { expires: now + 10 * 60_000, value });
    return value;
  } catch (error) {
    // Negative answers are cached briefly: a burst of messages from one domain asks once.
    dnsCache.set(key, { expires: now + 60_000, error });
    if (dnsCache.size > 20_000) dnsCache.clear();
    throw error;
  }
}

function timeoutError() {
  const e = new Error("DNS budget exhausted") as Error & { code: string };
  e.code = "ETIMEOUT";
  return e;
}

export function withDeadline(resolver: Resolver, deadline: number): Resolver {
  return (name, rrtype) => {
    const left = deadline - Date.now();
    if (left <= 0) return Promise.reject(timeoutError());
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(timeoutError()), left);
      resolver(name, rrtype).then(
        (v) => {
          clearTimeout(t);
          resolve(v);
        },
        (e) => {
          clearTimeout(t);
          reject(e);
        },
      );
    });
  };
}

// ---------------------------------------------------------------------------
// Authentication-Results (RFC 8601): the topmost header, written by the last hop.
// ---------------------------------------------------------------------------
export type AuthResults = {
  server: string;
  results: Partial<Record<AuthVerdict["method"], { result: string; detail: string; raw: string }>>;
};

const METHOD_RESULT = /^\s*(spf|dkim|dmarc|arc)\s*=\s*([a-z]{1,20})/i;

/** Parses one Authentication-Results header line. Linear: comments are removed in one pass, values capped. */
export function parseAuthResults(line: string | undefined): AuthResults | null {
  if (!line) return null;
  const capped = cap(line, LIMITS.headerValue);
  const colon = capped.indexOf(":");
  const value = capped.slice(colon + 1).replace(/\r?\n[ \t]+/g, " ");
  // Microsoft 365 writes no authserv-id: the first element is already a result.
  const parts = value.split(";", 100);
  const noId = /^\s*(spf|dkim|dmarc|arc|compauth)\s*=/i.test(parts[0] ?? "");
  const server = noId
    ? "the receiving server"
    : shorten((parts[0] ?? "").trim().split(/\s+/, 1)[0] || "the receiving server", 100);
  const results: AuthResults["results"] = {};
  for (const part of noId ? parts : parts.slice(1)) {
    const m = METHOD_RESULT.exec(part);
    if (!m) continue;
    const method = m[1]!.toLowerCase() as AuthVerdict["method"];
    const result = m[2]!.toLowerCase();
    const detail = shorten(stripComments(part.slice(m[0].length)).replace(/\s+/g, " ").trim(), 300);
    // Several DKIM signatures: keep a pass if one passed.
    if (!results[method] || (method === "dkim" && result === "pass"))
      results[method] = { result, detail, raw: cap(part, 2000) };
  }
  return { server, results };
}

/** Runs the authentication stage. */
export async function authenticationVerdicts(
  buf: Buffer,
  headerLines: HeaderLine[],
  opts: AnalyzeOptions,
  fromInfo: DomainInfo | null,
  add: AddSignal,
): Promise<AuthVerdict[]> {
  const ar = parseAuthResults(headerLines.find((h) => h.key === "authentication-results")?.line);
  const verdicts: AuthVerdict[] = [];
  const hasDkim = headerLines.some((h) => h.key === "dkim-signature");
  const hasArc = headerLines.some((h) => h.key === "arc-seal");
  let re: Awaited<ReturnType<typeof authenticate>> | null = null;
  let reError: string | null = null;

  // Without a DKIM signature nothing can be re-verified from the message itself:
  // skip the network entirely (SPF alone, after the fact, says little).
  if (hasDkim) {
    const budget = opts.dnsBudgetMs ?? 2000;
    const deadline = Date.now() + budget;
    const resolver = withDeadline(opts.resolver ?? cachedSystemResolve, deadline);
    try {
      re = await Promise.race([
        authenticate(buf, {
          resolver: resolver as never,
          trustReceived: true,
          disableBimi: true,
          mta: "rampart.analyzer",
          minBitLength: 1024,
        }),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), budget + 100).unref?.()),
      ]);
      if (!re) reError = "DNS did not answer within 2 seconds";
    } catch (error) {
      reError = error instanceof Error ? shorten(error.message, 200) : "verification failed";
    }
  }

  const fromDomain = fromInfo?.domain ?? "";
  const arLabel = ar ? `as reported by ${ar.server} (Authentication-Results, not re-verified)` : "";

  // DKIM
  let dkimDone = false;
  const dkimResults = (re?.dkim?.results ?? []) as {
    signingDomain?: string;
    selector?: string;
    status?: { result?: string; comment?: string; aligned?: string | false };
  }[];
  const usable = dkimResults.filter((r) => r.status?.result && !["temperror", "none"].includes(r.status.result));
  if (usable.length) {
    const pass = usable.find((r) => r.status!.result === "pass");
    const r = pass ?? usable[0]!;
    const aligned = r.status?.aligned
      ? `aligned with the From domain ${fromDomain}`
      : `not aligned with the From domain ${fromDomain || "(none)"}`;
    // mailauth reports a body hash mismatch as "neutral"; for the reader it is a failed signature.
    const bodyHashFailed = /body hash/i.test(r.status?.comment ?? "");
    const result = bodyHashFailed ? "fail" : r.status!.result!;
    verdicts.push({
      method: "dkim",
      result,
      source: "mailauth",
      detail: `${r.signingDomain ?? "?"} s=${r.selector ?? "?"}; ${aligned}`,
    });
    if (result === "pass") {
      add(
        "authentication",
        "dkim-pass",
        0,
        `DKIM: pass, re-verified here — signature of ${r.signingDomain} (selector ${r.selector}), ${aligned}.`,
      );
    } else if (result === "fail") {
      const why = r.status?.comment ? ` (${shorten(r.status.comment, 100)})` : "";
      add(
        "authentication",
        "dkim-fail",
        15,
        `DKIM: fail, re-verified here — the signature of ${r.signingDomain} does not verify${why}${bodyHashFailed ? ": the body was changed after signing" : ""}.`,
      );
    } else {
      const why = r.status?.comment ? ` (${shorten(r.status.comment, 100)})` : "";
      add(
        "authentication",
        "dkim-other",
        3,
        `DKIM: ${result}, re-verified here — the signature of ${r.signingDomain} could not be checked${why}.`,
      );
    }
    dkimDone = true;
  }
  if (!dkimDone) {
    const a = ar?.results.dkim;
    if (a) {
      verdicts.push({ method: "dkim", result: a.result, source: ar!.server, detail: a.detail });
      const w = a.result === "fail" ? 10 : 0;
      add(
        "authentication",
        "dkim-ar",
        w,
        `DKIM: ${a.result}, ${arLabel}${hasDkim && reError ? `; re-verification was not possible (${reError})` : ""}.`,
      );
    } else if (hasDkim && reError) {
      add("authentication", "dkim-unverified", 0, `DKIM: not verified — ${reError}.`);
    } else if (!hasDkim) {
      add(
        "authentication",
        "dkim-none",
        0,
        "DKIM: none — the message carries no DKIM signature, so nothing could be re-verified.",
      );
    }
  }

  // SPF: re-verified only when the receiving hop's client IP was known.
  const spf = re?.spf as
    { status?: { result?: string; comment?: string }; domain?: string; "client-ip"?: string } | false | undefined;
  const spfResult = spf && spf.status?.result;
  if (spf && spfResult && !["none", "temperror"].includes(spfResult) && spf["client-ip"]) {
    verdicts.push({
      method: "spf",
      result: spfResult,
      source: "mailauth",
      detail: `${spf.domain ?? ""} for ${spf["client-ip"]}`,
    });
    const w = spfResult === "fail" ? 12 : spfResult === "softfail" ? 6 : spfResult === "permerror" ? 3 : 0;
    add(
      "authentication",
      "spf",
      w,
      `SPF: ${spfResult}, re-verified here — ${spf["client-ip"]} (from the topmost Received header) for the envelope domain ${spf.domain ?? "?"}.`,
    );
  } else if (ar?.results.spf) {
    const a = ar.results.spf;
    verdicts.push({ method: "spf", result: a.result, source: ar.server, detail: a.detail });
    const w = a.result === "fail" ? 12 : a.result === "softfail" ? 6 : a.result === "permerror" ? 3 : 0;
    add("authentication", "spf", w, `SPF: ${a.result}, ${arLabel}${a.detail ? ` (${shorten(a.detail, 80)})` : ""}.`);
  }

  // DMARC
  const dm = re?.dmarc as
    { status?: { result?: string; comment?: string }; policy?: string; domain?: string } | false | undefined;
  // DNS answers today may differ from those at delivery (keys rotated, SPF records changed): when the
  // receiving server saw a DMARC pass and today's re-check fails, its verdict at delivery time stands.
  const arDmarcPass = ar?.results.dmarc?.result === "pass";
  if (dm && dm.status?.result === "fail" && arDmarcPass) {
    verdicts.push({ method: "dmarc", result: "pass", source: ar!.server, detail: ar!.results.dmarc!.detail });
    add(
      "authentication",
      "dmarc",
      5,
      `DMARC: pass ${arLabel}, but re-verifying it now fails (the domain's keys or records may have changed since delivery, or the message was altered).`,
    );
  } else if (dm && dm.status?.result && !["temperror", "none"].includes(dm.status.result)) {
    verdicts.push({
      method: "dmarc",
      result: dm.status.result,
      source: "mailauth",
      detail: `${dm.domain ?? fromDomain} p=${dm.policy ?? "?"}`,
    });
    const w = dm.status.result === "fail" ? (dm.policy === "reject" || dm.policy === "quarantine" ? 25 : 18) : 0;
    add(
      "authentication",
      "dmarc",
      w,
      `DMARC: ${dm.status.result}, re-verified here — domain ${dm.domain ?? fromDomain}, published policy ${dm.policy ?? "unknown"}.`,
    );
  } else if (ar?.results.dmarc) {
    const a = ar.results.dmarc;
    verdicts.push({ method: "dmarc", result: a.result, source: ar.server, detail: a.detail });
    // The policy or action the receiver reports inside this one (capped) result.
    const raw = a.raw.toLowerCase();
    const strict = ["p=reject", "p=quarantine", "action=quarantine", "action=reject", "action=oreject"].some((k) =>
      raw.includes(k),
    );
    const w = a.result === "fail" ? (strict ? 25 : 18) : 0;
    add(
      "authentication",
      "dmarc",
      w,
      `DMARC: ${a.result}, ${arLabel}${a.detail ? ` (${shorten(a.detail, 80)})` : ""}.`,
    );
  }

  // ARC
  const arc = re?.arc as { status?: { result?: string; comment?: string } } | false | undefined;
  if (hasArc && arc && arc.status?.result && arc.status.result !== "none") {
    verdicts.push({
      method: "arc",
      result: arc.status.result,
      source: "mailauth",
      detail: shorten(arc.status.comment ?? "", 200),
    });
    add(
      "authentication",
      "arc",
      arc.status.result === "fail" ? 5 : 0,
      `ARC: ${arc.status.result}, re-verified here${arc.status.comment ? ` (${shorten(arc.status.comment, 100)})` : ""}.`,
    );
  } else if (ar?.results.arc) {
    verdicts.push({ method: "arc", result: ar.results.arc.result, source: ar.server, detail: ar.results.arc.detail });
    add(
      "authentication",
      "arc",
      ar.results.arc.result === "fail" ? 5 : 0,
      `ARC: ${ar.results.arc.result}, ${arLabel}.`,
    );
  }

  if (!ar && !hasDkim) {
    add(
      "authentication",
      "no-auth",
      0,
      "No Authentication-Results header and no DKIM signature: SPF, DKIM and DMARC cannot be checked for this copy of the message.",
    );
  }
  return verdicts;
}
