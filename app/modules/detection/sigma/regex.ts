/**
 * Sigma `|re` values on a linear-time engine (re2js, a JavaScript port of RE2), never on V8's backtracking RegExp:
 * a rule is user input, and `^(a+)+$` over a 30-character field held the event loop for seconds (issue 26).
 *
 * Sigma regular expressions are PCRE-flavoured. What RE2 can express is translated (`\Z`, `\e`, `\uXXXX`,
 * `(?'name'…)`, `(?#comment)`; `\A`, `\z`, inline `(?i)`/`(?i:…)`, `(?P<name>…)` and the `i`/`m`/`s` sub-modifiers
 * RE2 reads as they are); what needs backtracking is refused by name (backreferences, lookaround, atomic groups,
 * possessive quantifiers, recursion, conditionals, backtracking verbs), so a rule is refused when it is saved, not
 * silently never matching.
 *
 * Cost bound: matching runs RE2's one-pass/backtracker/NFA engines (never its lazy DFA, whose per-pattern state cache
 * can take 8 MB and, on DFA-hostile patterns such as `(a|b)*a(a|b){20}`, is rebuilt on every call), whose time is at most
 * proportional to program size x input length. The program is capped at MAX_REGEX_PROGRAM instructions and the input
 * a pattern sees at MAX_REGEX_STEPS / program size characters (between MIN_REGEX_INPUT and RE_INPUT_CAP), so one
 * test costs a few milliseconds at most whatever the pattern and the value.
 */
import { RE2JS } from "re2js";

/** The longest value a user-written regular expression is run against. */
export const RE_INPUT_CAP = 4096;
/** The largest compiled program (RE2 instructions) a `|re` value may have; SigmaHQ's are mostly under 100. */
export const MAX_REGEX_PROGRAM = 500;
/**
 * Program size x characters examined, per test: what bounds the time of one match (2-4 ms on an idle core). A value
 * is examined up to MAX_REGEX_STEPS / program size characters, never fewer than MIN_REGEX_INPUT.
 */
export const MAX_REGEX_STEPS = 1 << 16;

export const MIN_REGEX_INPUT = 256;

export class RegexSyntaxError extends Error {}

/** The PCRE constructs RE2 cannot run in linear time, by the text that opens them. */
const GROUP_REFUSALS: [string, string][] = [
  ["(?<=", "lookbehind (?<=…)"],
  ["(?<!", "negative lookbehind (?<!…)"],
  ["(?=", "lookahead (?=…)"],
  ["(?!", "negative lookahead (?!…)"],
  ["(?>", "atomic group (?>…)"],
  ["(?|", "branch reset group (?|…)"],
  ["(?(", "conditional group (?(…)…)"],
  ["(?P=", "named backreference (?P=name)"],
  ["(?P>", "subroutine call (?P>name)"],
  ["(?&", "subroutine call (?&name)"],
  ["(?R", "recursion (?R)"],
  ["(?+", "subroutine call (?+n)"],
  ["(*", "backtracking control verb (*…)"],
];

const refuse = (what: string): never => {
  throw new RegexSyntaxError(
    `${what} is not supported: it needs a backtracking engine, and rule patterns are matched in linear time`,
  );
};

/** PCRE source -> RE2 source, or RegexSyntaxError naming the first construct RE2 cannot run. */
export function translatePcre(source: string): string {
  let out = "";
  let i = 0;
  const n = source.length;
  /** Whether the last thing emitted was a quantifier (so a following `+` makes it possessive). */
  let afterQuantifier = false;
  while (i < n) {
    const c = source[i];
    if (c === "\\") {
      const e = source[i + 1];
      if (e === undefined) throw new RegexSyntaxError("a trailing backslash escapes nothing");
      if (e >= "1" && e <= "9") refuse(`the backreference \\${e}`);
      if (e === "k" && "<'{".includes(source[i + 2] ?? "")) refuse("the named backreference \\k<name>");
      if (e === "g" && /[0-9{<'+-]/.test(source[i + 2] ?? "")) refuse("the backreference \\g");
      if (e === "G") refuse("the \\G anchor (end of the previous match)");
      if (e === "K") refuse("\\K (match reset)");
      afterQuantifier = false;
      if (e === "Q") {
        // \Q…\E is literal text: copied as RE2 reads it too, and nothing inside is a construct.
        const end = source.indexOf("\\E", i + 2);
        const stop = end < 0 ? n : end + 2;
        out += source.slice(i, stop);
        i = stop;
        continue;
      }
      if (e === "Z") out += "(?:\\n?\\z)";
      else if (e === "e") out += "\\x1B";
      else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(source.slice(i + 2, i + 6))) {
        out += `\\x{${source.slice(i + 2, i + 6)}}`;
        i += 6;
        continue;
      } else out += c + e;
      i += 2;
      continue;
    }
    if (c === "[") {
      // A character class is copied whole (its `(`, `+` and `?` are literal); escapes inside are translated.
      let j = i + 1;
      let cls = "[";
      if (source[j] === "^") cls += source[j++];
      if (source[j] === "]") cls += source[j++];
      while (j < n && source[j] !== "]") {
        if (source[j] === "[" && source[j + 1] === ":") {
          const close = source.indexOf(":]", j + 2);
          if (close > 0) {
            cls += source.slice(j, close + 2);
            j = close + 2;
            continue;
          }
        }
        if (source[j] === "\\" && j + 1 < n) {
          const e = source[j + 1];
          if (e === "e") cls += "\\x1B";
          else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(source.slice(j + 2, j + 6))) {
            cls += `\\x{${source.slice(j + 2, j + 6)}}`;
            j += 6;
            continue;
          } else cls += source.slice(j, j + 2);
          j += 2;
          continue;
        }
        cls += source[j++];
      }
      out += cls + (source[j] ?? "");
      i = j + 1;
      afterQuantifier = false;
      continue;
    }
    if (c === "(") {
      const rest = source.slice(i, i + 4);
      for (const [open, what] of GROUP_REFUSALS) if (rest.startsWith(open)) refuse(`the ${what}`);
      if (/^\(\?[-+]?\d/.test(rest)) refuse("the subroutine call (?n)");
      if (rest.startsWith("(?#")) {
        // a comment: dropped
        const close = source.indexOf(")", i);
        i = close < 0 ? n : close + 1;
        continue;
      }
      if (rest.startsWith("(?'")) {
        const close = source.indexOf("'", i + 3);
        if (close > 0) {
          out += `(?P<${source.slice(i + 3, close)}>`;
          i = close + 1;
          afterQuantifier = false;
          continue;
        }
      }
      const flags = /^\(\?([a-zA-Z]*)(?:-([a-zA-Z]*))?[:)]/.exec(source.slice(i, i + 20));
      if (flags) {
        const bad = `${flags[1]}${flags[2] ?? ""}`.replace(/[imsU]/g, "");
        if (bad.includes("x")) refuse("extended mode (?x)");
        if (bad) throw new RegexSyntaxError(`the inline flag (?${bad[0]}) is not supported (only i, m, s and U are)`);
      }
    }
    if (c === "+" && afterQuantifier) refuse("a possessive quantifier (*+, ++, ?+, {n}+)");
    if (c === "{") {
      const q = /^\{(\d+(?:,\d*)?|,\d+)\}/.exec(source.slice(i, i + 16));
      if (q) {
        out += q[0];
        i += q[0].length;
        afterQuantifier = true;
        continue;
      }
    }
    // `a*?`: the lazy `?` ends the quantifier (a `+` after it is a new, invalid one RE2 reports)
    afterQuantifier = (c === "*" || c === "+" || c === "?") && !afterQuantifier;
    out += c;
    i++;
  }
  return out;
}

/**
 * Turns off RE2's lazy DFA for one pattern, so `test()` runs the one-pass, bit-state or NFA engines without capture
 * tracking: time at most proportional to program x input, no state cache. re2js has no option for it; when its
 * internals change (re2js-internals test), `matcher().find()` is used instead: also DFA-free, about twice as slow.
 */
function withoutLazyDfa(re: RE2JS): boolean {
  const dfa = (re as unknown as { re2Input?: { dfa?: { failed?: boolean } } }).re2Input?.dfa;
  if (!dfa || typeof dfa.failed !== "boolean") return false;
  dfa.failed = true;
  return true;
}

export interface RegexTest {
  (s: string): boolean;
  /** Characters of a value the pattern examines (see the cost bound above). */
  inputCap: number;
  /** "nfa": test() with the lazy DFA off; "matcher": the fallback (see withoutLazyDfa). */
  engine: "nfa" | "matcher";
}

/** Compiles a Sigma `|re` value; RegexSyntaxError for anything the linear-time engine cannot run. */
export function compileLinearRegex(source: string, flags: { i: boolean; m: boolean; s: boolean }): RegexTest {
  const translated = translatePcre(source);
  let re: RE2JS;
  try {
    re = RE2JS.compile(
      translated,
      (flags.i ? RE2JS.CASE_INSENSITIVE : 0) | (flags.m ? RE2JS.MULTILINE : 0) | (flags.s ? RE2JS.DOTALL : 0),
    );
  } catch (e) {
    const message = (e as Error).message.replace(/^error parsing regexp: /, "");
    throw new RegexSyntaxError(message === "expression too large" ? "the expression is too large" : message);
  }
  const size = re.programSize();
  if (size > MAX_REGEX_PROGRAM)
    throw new RegexSyntaxError(
      `the expression is too large (${size} instructions once compiled; at most ${MAX_REGEX_PROGRAM}): large counted repetitions such as {1,500} are the usual cause`,
    );
  const inputCap = Math.min(RE_INPUT_CAP, Math.max(MIN_REGEX_INPUT, Math.floor(MAX_REGEX_STEPS / Math.max(size, 1))));
  const dfaOff = withoutLazyDfa(re);
  const test = (
    dfaOff
      ? (s: string) => re.test(s.length > inputCap ? s.slice(0, inputCap) : s)
      : (s: string) => re.matcher(s.length > inputCap ? s.slice(0, inputCap) : s).find()
  ) as RegexTest;
  test.inputCap = inputCap;
  test.engine = dfaOff ? "nfa" : "matcher";
  return test;
}
