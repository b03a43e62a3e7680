/**
 * Runs the labelled evaluation set (tests/fixtures/phishing-eval) through the
 * real analyzer and prints what issue 13 measures:
 *
 *   npm run eval:phishing [-- --verbose]
 *
 * - recall: phishing rated medium or high
 * - false positives: legitimate rated high; legitimate rated medium or high;
 *   marketing-like legitimate (legitimate/marketing-*.eml) rated high
 * - a confusion table (label x risk), per-language and per-group breakdowns
 * - median and p95 milliseconds per message
 * - the text model alone (model/index.ts) on the analyzer's own parse:
 *   accuracy at 0.5 and AUC
 *
 * DNS is offline (every look-up fails as a timeout would), so results do not
 * depend on the network and authentication falls back to the messages'
 * Authentication-Results headers. It is a report: it always exits 0.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { analyzeMessage, type Risk } from "~/modules/phishing/index.server";
import { scoreTextModel } from "~/modules/phishing/index.server";
import { EVAL_DIR } from "./phishing-model/dataset";

type Row = {
  file: string;
  label: "phishing" | "legitimate";
  group: string;
  lang: string;
  risk: Risk;
  score: number;
  ms: number;
  model: number;
};

const verbose = process.argv.includes("--verbose");

const offlineResolver = async (): Promise<never> => {
  const e = new Error("offline evaluation: no DNS") as Error & { code: string };
  e.code = "ETIMEOUT";
  throw e;
};

const OPTIONS = {
  orgDomains: ["rampart-eval.example"],
  orgNames: ["Rampart Evaluation"],
  resolver: offlineResolver,
  dnsBudgetMs: 200,
  now: new Date("2026-11-25T00:00:00Z"),
};

function groupOf(label: string, file: string): string {
  if (label === "phishing") return file.split("-")[2] ?? "other";
  if (file.startsWith("sa-")) return "spamassassin";
  return file.split("-")[0]!;
}

function langOf(label: string, file: string): string {
  if (file.startsWith("sa-")) return "en";
  const parts = file.split("-");
  return (label === "phishing" ? parts[1] : parts[2]) ?? "?";
}

function pct(n: number, d: number): string {
  return d ? `${((100 * n) / d).toFixed(1)}% (${n}/${d})` : "n/a";
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
}

function auc(scores: { p: number; y: number }[]): number {
  const sorted = [...scores].sort((a, b) => a.p - b.p);
  let rankSum = 0;
  let npos = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j]!.p === sorted[i]!.p) j++;
    for (let k = i; k < j; k++)
      if (sorted[k]!.y === 1) {
        rankSum += (i + j + 1) / 2;
        npos++;
      }
    i = j;
  }
  const nneg = sorted.length - npos;
  return (rankSum - (npos * (npos + 1)) / 2) / (npos * nneg);
}

async function main() {
  const files: { file: string; label: Row["label"] }[] = [];
  for (const label of ["phishing", "legitimate"] as const)
    for (const f of readdirSync(path.join(EVAL_DIR, label)).sort())
      if (f.endsWith(".eml")) files.push({ file: f, label });

  // Warm-up: the first analysis loads the mail libraries; it is not timed.
  await analyzeMessage(readFileSync(path.join(EVAL_DIR, files[0]!.label, files[0]!.file)), OPTIONS);

  const rows: Row[] = [];
  for (const { file, label } of files) {
    const raw = readFileSync(path.join(EVAL_DIR, label, file));
    const t = performance.now();
    const a = await analyzeMessage(raw, OPTIONS);
    const ms = performance.now() - t;
    const model = scoreTextModel({
      subject: a.subject,
      text: a.bodyText,
      urls: a.links.map((l) => l.href),
    }).probability;
    rows.push({
      file,
      label,
      group: groupOf(label, file),
      lang: langOf(label, file),
      risk: a.risk,
      score: a.score,
      ms,
      model,
    });
  }

  const phish = rows.filter((r) => r.label === "phishing");
  const legit = rows.filter((r) => r.label === "legitimate");
  const marketing = legit.filter((r) => r.group === "marketing");
  const medHigh = (r: Row) => r.risk !== "low";

  console.log(
    `Phishing evaluation set: ${phish.length} phishing, ${legit.length} legitimate (${marketing.length} marketing-like)\n`,
  );
  console.log("measure                                   result              goal");
  console.log(
    `phishing rated medium or high             ${pct(phish.filter(medHigh).length, phish.length).padEnd(20)}>= 90%`,
  );
  console.log(
    `legitimate rated high                     ${pct(legit.filter((r) => r.risk === "high").length, legit.length).padEnd(20)}<= 2%`,
  );
  console.log(
    `legitimate rated medium or high           ${pct(legit.filter(medHigh).length, legit.length).padEnd(20)}<= 10%`,
  );
  console.log(
    `marketing-like legitimate rated high      ${`${marketing.filter((r) => r.risk === "high").length} / ${marketing.length}`.padEnd(20)}0`,
  );
  const ms = rows.map((r) => r.ms);
  console.log(
    `time per message (median / p95)           ${`${quantile(ms, 0.5).toFixed(1)} / ${quantile(ms, 0.95).toFixed(1)} ms`.padEnd(20)}median < 20 ms`,
  );

  console.log("\nConfusion table (label x risk)");
  console.log("label         low   medium  high");
  for (const [name, set] of [
    ["phishing", phish],
    ["legitimate", legit],
  ] as const)
    console.log(
      `${name.padEnd(12)}${(["low", "medium", "high"] as const).map((k) => String(set.filter((r) => r.risk === k).length).padStart(6)).join("  ")}`,
    );

  console.log("\nBy group (low / medium / high)");
  const groups = [...new Set(rows.map((r) => `${r.label}:${r.group}`))].sort();
  for (const g of groups) {
    const set = rows.filter((r) => `${r.label}:${r.group}` === g);
    console.log(
      `  ${g.padEnd(26)} ${(["low", "medium", "high"] as const).map((k) => set.filter((r) => r.risk === k).length).join(" / ")}`,
    );
  }
  console.log("\nPhishing recall (medium or high) by language");
  for (const lang of [...new Set(phish.map((r) => r.lang))].sort()) {
    const set = phish.filter((r) => r.lang === lang);
    console.log(`  ${lang}  ${pct(set.filter(medHigh).length, set.length)}`);
  }

  const scored = rows.map((r) => ({ p: r.model, y: r.label === "phishing" ? 1 : 0 }));
  const correct = scored.filter((s) => (s.p >= 0.5 ? 1 : 0) === s.y).length;
  console.log("\nText model alone (probability on the analyzer's subject, body text and links)");
  console.log(`  accuracy at 0.5: ${pct(correct, scored.length)}   AUC: ${auc(scored).toFixed(3)}`);
  console.log(
    `  phishing >= 0.5: ${pct(phish.filter((r) => r.model >= 0.5).length, phish.length)}   legitimate >= 0.5: ${pct(legit.filter((r) => r.model >= 0.5).length, legit.length)}   marketing >= 0.5: ${pct(marketing.filter((r) => r.model >= 0.5).length, marketing.length)}`,
  );

  console.log("  share of messages at or above a probability (for calibrating the analyzer's use of it):");
  for (const t of [0.3, 0.5, 0.7, 0.8, 0.9, 0.95]) {
    const at = (set: Row[]) =>
      `${((100 * set.filter((r) => r.model >= t).length) / Math.max(1, set.length)).toFixed(1)}%`;
    console.log(
      `    >= ${t.toFixed(2)}  phishing ${at(phish).padStart(6)}  legitimate ${at(legit).padStart(6)}  marketing ${at(marketing).padStart(6)}`,
    );
  }

  if (verbose) {
    console.log("\nPhishing rated low:");
    for (const r of phish.filter((r) => r.risk === "low"))
      console.log(`  ${r.score.toString().padStart(3)}  model ${r.model.toFixed(2)}  ${r.file}`);
    console.log("\nLegitimate rated medium or high:");
    for (const r of legit.filter(medHigh))
      console.log(`  ${r.risk.padEnd(6)} ${r.score.toString().padStart(3)}  model ${r.model.toFixed(2)}  ${r.file}`);
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(0);
  },
);
