// The worst inputs known for the phishing analyzer (issue 10): each built at
// the size the security review used, analysed once in-process, reporting the
// time. Before the linear rewrite these took seconds to minutes; the figures
// are recorded in docs/phishing-analyzer.md.
//   npm run bench:phishing-hostile -- [--scale 1] [--only name]
import { pathToFileURL } from "node:url";

const arg = (name: string, dflt: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : dflt;
const scale = Number(arg("--scale", "1"));
const only = arg("--only", "");

const head = (extra = "") =>
  [
    "From: Example <news@example.com>",
    "To: jane.doe@northwindtraders.com",
    "Subject: Hostile input",
    "Date: Fri, 20 Nov 2026 10:00:00 +0000",
    "Message-ID: <hostile@example.com>",
    "MIME-Version: 1.0",
    extra,
  ]
    .filter(Boolean)
    .join("\r\n");

function attachment(filename: string, type: string, content: string) {
  const b64 = Buffer.from(content, "latin1").toString("base64").replace(/.{76}/g, "$&\r\n");
  return [
    head('Content-Type: multipart/mixed; boundary="b1"'),
    "",
    "--b1",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "See the attached file.",
    "--b1",
    `Content-Type: ${type}; name="${filename}"`,
    `Content-Disposition: attachment; filename="${filename}"`,
    "Content-Transfer-Encoding: base64",
    "",
    b64,
    "--b1--",
    "",
  ].join("\r\n");
}

export const CASES: Record<string, (n: number) => string> = {
  // An Authentication-Results comment that never closes.
  // (From first: a first header line longer than 64 KB is refused as "not a message" before any analysis.)
  "auth-results-unclosed-paren": (n: number) =>
    head("Content-Type: text/plain").replace(
      "\r\n",
      `\r\nAuthentication-Results: mx.example.net; dkim=pass ${"(".repeat(n)}\r\n`,
    ) + "\r\n\r\nHello\r\n",
  // A PDF whose OpenAction dictionary never closes, repeated.
  "pdf-openaction-repeated": (n: number) =>
    attachment("report.pdf", "application/pdf", "%PDF-1.4\n" + "/OpenAction<<".repeat(Math.ceil(n / 13))),
  // An HTML attachment with `<input` repeated and no closing `>`.
  "html-input-repeated": (n: number) => attachment("invoice.html", "text/html", "<input ".repeat(Math.ceil(n / 7))),
  // Link text made of `a.` repeated: a domain that never ends.
  "link-text-a-dot": (n: number) =>
    head("Content-Type: text/html; charset=utf-8") +
    `\r\n\r\n<p>Hi</p><a href="https://example.org/x">${"a.".repeat(Math.ceil(n / 2))}</a>\r\n`,
  // A display name made of `a.` repeated.
  "display-name-a-dot": (n: number) =>
    `From: "${"a.".repeat(Math.ceil(n / 2))}" <x@example.com>\r\n` +
    head("Content-Type: text/plain").replace(/^From:[^\n]*\n/, "") +
    "\r\n\r\nHello\r\n",
};
export const SIZES: Record<string, number> = {
  "auth-results-unclosed-paren": 150_000,
  "pdf-openaction-repeated": 400_000,
  "html-input-repeated": 400_000,
  "link-text-a-dot": 100_000,
  "display-name-a-dot": 100_000,
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { analyzeMessage } = await import("../app/modules/phishing/analyze.server");
  const opts = { orgDomains: ["northwindtraders.com"], orgNames: ["Northwind Traders"], orgAddresses: [] };
  await analyzeMessage(head() + "\r\n\r\nwarm up\r\n", opts);
  const results: Record<string, { inputKB: number; ms: number; risk: string }> = {};
  for (const [name, make] of Object.entries(CASES)) {
    if (only && name !== only) continue;
    const raw = make(Math.round(SIZES[name] * scale));
    const t = performance.now();
    const r = await analyzeMessage(raw, opts);
    results[name] = { inputKB: Math.round(raw.length / 1024), ms: Math.round(performance.now() - t), risk: r.risk };
    console.error(name, JSON.stringify(results[name]));
  }
  console.log(JSON.stringify({ node: process.version, scale, results }, null, 2));
}
