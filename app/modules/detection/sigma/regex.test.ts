import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeRuleError, loadSigmaRule, matchEvent, SigmaRuleError } from "./index";
import { compileLinearRegex, MAX_REGEX_PROGRAM, RE_INPUT_CAP } from "./regex";

const ruleWith = (selection: string, condition = "s") =>
  loadSigmaRule(`title: t\nlogsource:\n  product: test\ndetection:\n  s:\n${selection}\n  condition: ${condition}\n`);
const event = (fields: Record<string, unknown>) => ({ product: "test", ...fields });
const m = (selection: string, fields: Record<string, unknown>) => matchEvent(ruleWith(selection), event(fields));

function refusal(selection: string): string {
  try {
    ruleWith(selection);
  } catch (e) {
    expect(e).toBeInstanceOf(SigmaRuleError);
    return describeRuleError(e as SigmaRuleError);
  }
  throw new Error("the rule loaded");
}

const timed = <T>(fn: () => T): [T, number] => {
  const t = performance.now();
  const r = fn();
  return [r, performance.now() - t];
};

describe("Sigma |re runs in linear time", () => {
  it("^(a+)+$ over a long field answers at once (V8 took 3.8 s at 30 characters, doubling per character)", () => {
    const rule = ruleWith("    CommandLine|re: '^(a+)+$'");
    for (const len of [30, 34, 4000]) {
      const [hit, ms] = timed(() => matchEvent(rule, event({ CommandLine: "a".repeat(len) + "!" })));
      expect(hit).toBe(false);
      expect(ms).toBeLessThan(1000);
    }
    // past RE_INPUT_CAP the pattern sees the first 4096 characters only (documented), still at once
    const [, ms] = timed(() => matchEvent(rule, event({ CommandLine: "a".repeat(100_000) + "!" })));
    expect(ms).toBeLessThan(1000);
    expect(matchEvent(rule, event({ CommandLine: "a".repeat(34) }))).toBe(true);
  });

  it("a DFA-hostile pattern and a large counted repetition stay bounded per test", () => {
    const input = Array.from({ length: 100_000 }, (_, i) => "ab"[(i * 7919) % 3 === 0 ? 1 : 0]).join("") + "c";
    for (const source of ["(a|b)*a(a|b){20}$", "(?:.*a){100}c$", "[^a]{1,80}[^b]{1,80}[^c]{1,80}$"]) {
      const test = compileLinearRegex(source, { i: false, m: false, s: false });
      const [, ms] = timed(() => test(input));
      // one test is bounded by MAX_REGEX_STEPS (a few ms); generous for a busy 2-core machine
      expect(ms).toBeLessThan(1000);
      expect(test.inputCap).toBeLessThanOrEqual(RE_INPUT_CAP);
    }
  });

  it("runs without RE2's lazy DFA (re2js internals still where regex.ts expects them)", () => {
    expect(compileLinearRegex("^(a+)+$", { i: false, m: false, s: false }).engine).toBe("nfa");
  });

  it("generated nested-quantifier patterns over adversarial inputs all finish quickly", () => {
    const atom = fc.constantFrom("a", "aa", "a?", "\\w", "\\s?", ".", "[ab]", "(?:a|aa)", "(?:a|a?)");
    const nested = fc
      .tuple(
        atom,
        fc.constantFrom("+", "*", "{1,9}"),
        fc.constantFrom("+", "*", "{2,}"),
        fc.constantFrom("$", "!$", "b"),
      )
      .map(([a, q1, q2, end]) => `^((?:${a})${q1})${q2}${end}`);
    const input = fc
      .tuple(
        fc.constantFrom("a", "aa", "a ", "ab", "\t"),
        fc.integer({ min: 20, max: 5000 }),
        fc.constantFrom("!", "", "\n"),
      )
      .map(([unit, n, tail]) => unit.repeat(n) + tail);
    fc.assert(
      fc.property(nested, input, (source, value) => {
        const rule = ruleWith(`    f|re: '${source}'`);
        const [, ms] = timed(() => matchEvent(rule, event({ f: value })));
        expect(ms).toBeLessThan(1000);
      }),
      { numRuns: 150 },
    );
  });

  it("agrees with JavaScript's RegExp on patterns both can run, over short inputs", () => {
    const leaf = fc.constantFrom("a", "b", ".", "[ab]", "[^a]", "\\d", "x");
    const pattern: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        leaf,
        fc.tuple(tie("node"), tie("node")).map(([x, y]) => x + y),
        fc.tuple(tie("node"), tie("node")).map(([x, y]) => `(?:${x}|${y})`),
        fc.tuple(tie("node"), fc.constantFrom("*", "+", "?", "{1,3}", "*?", "+?")).map(([x, q]) => `(?:${x})${q}`),
      ),
    })).node;
    const anchored = fc
      .tuple(fc.boolean(), pattern, fc.boolean())
      .map(([s, p, e]) => `${s ? "^" : ""}${p}${e ? "$" : ""}`);
    fc.assert(
      fc.property(anchored, fc.stringMatching(/^[abx1\n]{0,10}$/), fc.boolean(), (source, value, i) => {
        const ours = compileLinearRegex(source, { i, m: false, s: false });
        expect(ours(value)).toBe(new RegExp(source, i ? "i" : "").test(value));
      }),
      { numRuns: 300 },
    );
  });
});

describe("PCRE constructs translated for the linear-time engine", () => {
  it("\\A, \\Z and \\z anchor the value", () => {
    expect(m("    f|re: '\\Aab'", { f: "abc" })).toBe(true);
    expect(m("    f|re: '\\Aab'", { f: "cab" })).toBe(false);
    expect(m("    f|re: 'ab\\Z'", { f: "cab" })).toBe(true);
    expect(m("    f|re: 'ab\\Z'", { f: "cab\n" })).toBe(true);
    expect(m("    f|re: 'ab\\Z'", { f: "cab\nx" })).toBe(false);
    expect(m("    f|re: 'ab\\z'", { f: "cab\n" })).toBe(false);
    expect(m("    f|re: 'ab\\z'", { f: "cab" })).toBe(true);
  });

  it("inline (?i), (?i:…) and the i, m, s sub-modifiers", () => {
    expect(m("    f|re: '(?i)^cmd\\.exe$'", { f: "CMD.EXE" })).toBe(true);
    expect(m("    f|re: '^x(?i)cmd$'", { f: "xCmD" })).toBe(true);
    expect(m("    f|re: '^(?i:cmd)\\.exe$'", { f: "CMD.exe" })).toBe(true);
    expect(m("    f|re: '^(?i:cmd)\\.exe$'", { f: "CMD.EXE" })).toBe(false);
    expect(m("    f|re|i: '^ab$'", { f: "AB" })).toBe(true);
    expect(m("    f|re|m: '^b$'", { f: "a\nb\nc" })).toBe(true);
    expect(m("    f|re|s: 'a.c'", { f: "a\nc" })).toBe(true);
    expect(m("    f|re: 'a.c'", { f: "a\nc" })).toBe(false);
  });

  it("named groups in the three spellings, comments, \\e and \\uXXXX", () => {
    expect(m("    f|re: '^(?P<user>[a-z]+)@'", { f: "bob@example.com" })).toBe(true);
    expect(m("    f|re: '^(?<user>[a-z]+)@'", { f: "bob@example.com" })).toBe(true);
    expect(m(`    f|re: "^(?'user'[a-z]+)@"`, { f: "bob@example.com" })).toBe(true);
    expect(m("    f|re: '^a(?#the letter b)b$'", { f: "ab" })).toBe(true);
    expect(m("    f|re: '\\e\\[31m'", { f: "\u001b[31mred" })).toBe(true);
    expect(m("    f|re: '^\\u00e9t\\u00e9$'", { f: "été" })).toBe(true);
    expect(m("    f|re: '[\\u0041-\\u0043]'", { f: "xBx" })).toBe(true);
  });

  it("what was literal stays literal: classes, \\Q…\\E and escaped metacharacters", () => {
    expect(m("    f|re: '[(?=+]+'", { f: "(?=+" })).toBe(true);
    expect(m("    f|re: '\\Q(?=a)\\E'", { f: "x(?=a)x" })).toBe(true);
    expect(m("    f|re: 'a\\+\\+'", { f: "a++" })).toBe(true);
    expect(m("    f|re: 'a+?b'", { f: "aab" })).toBe(true);
    expect(m("    f|re: '\\\\\\\\cmd\\.exe'", { f: "C:\\Windows\\cmd.exe" })).toBe(false);
    expect(m("    f|re: '\\\\cmd\\.exe'", { f: "C:\\Windows\\cmd.exe" })).toBe(true);
  });
});

describe("what needs backtracking is refused when the rule is loaded, by name", () => {
  const cases: [string, RegExp][] = [
    ["(a)\\1", /the backreference \\1 is not supported/],
    ["(?P<x>a)(?P=x)", /named backreference \(\?P=name\)/],
    ["(?<x>a)\\k<x>", /named backreference \\k<name>/],
    ["foo(?=bar)", /lookahead \(\?=…\)/],
    ["foo(?!bar)", /negative lookahead \(\?!…\)/],
    ["(?<=foo)bar", /lookbehind \(\?<=…\)/],
    ["(?<!foo)bar", /negative lookbehind \(\?<!…\)/],
    ["(?>a+)b", /atomic group \(\?>…\)/],
    ["a++b", /possessive quantifier/],
    ["a{2}+b", /possessive quantifier/],
    ["(?(1)a|b)", /conditional group/],
    ["(a(?R)?b)", /recursion \(\?R\)/],
    ["(a)(?1)", /subroutine call/],
    ["(*SKIP)a", /backtracking control verb/],
    ["(?x) a b", /extended mode \(\?x\)/],
    ["a\\Gb", /\\G anchor/],
  ];
  it.each(cases)("%s", (source, message) => {
    const text = refusal(`    CommandLine|re: '${source}'`);
    expect(text).toMatch(/^line 6: selection 's': field 'CommandLine\|re': invalid regular expression/);
    expect(text).toMatch(message);
    expect(text).toMatch(/needs a backtracking engine/);
  });

  it("syntax errors and oversized programs are named too", () => {
    expect(refusal("    f|re: '(('")).toMatch(/invalid regular expression '\(\(': missing closing \)/);
    expect(refusal("    f|re: '\\h+'")).toMatch(/invalid escape sequence: `\\h`/);
    expect(refusal("    f|re: 'a{1001}'")).toMatch(/invalid repeat count/);
    expect(refusal("    f|re: '(?:[ab]{0,500}){2}c'")).toMatch(
      new RegExp(`the expression is too large \\(\\d+ instructions once compiled; at most ${MAX_REGEX_PROGRAM}\\)`),
    );
  });
});

describe("condition globs", () => {
  it("`1 of *a*a*a*a*a*a*b` over a long selection name loads at once (a RegExp took seconds)", () => {
    const name = "a".repeat(400);
    const yaml = `title: t\nlogsource: {}\ndetection:\n  ${name}: {f: x}\n  condition: 1 of ${"*a".repeat(6)}*b\n`;
    const [, ms] = timed(() => expect(() => loadSigmaRule(yaml)).toThrow(/matches no selection/));
    expect(ms).toBeLessThan(1000);
    const r = loadSigmaRule(
      `title: t\nlogsource: {}\ndetection:\n  sel_a: {f: x}\n  selb: {f: y}\n  condition: 1 of sel_?\n`,
    );
    expect(matchEvent(r, { f: "x" })).toBe(true);
    expect(matchEvent(r, { f: "y" })).toBe(false);
  });
});
