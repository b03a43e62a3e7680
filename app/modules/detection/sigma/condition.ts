/**
 * The Sigma condition language (specification v2): identifiers, `and`, `or`, `not`, parentheses,
 * `1 of <pattern>`, `all of <pattern>`, `1 of them`, `all of them`. Precedence: not > and > or (left-assoc).
 * Patterns use `*` as a wildcard; `them` means every selection whose name does not start with `_`.
 * Aggregations (`| count() by ...`, Sigma v1) are refused: v2 moved them to correlation rules.
 */
import { compileGlob, SigmaRuleError } from "./values";

export type CondNode =
  | { op: "and" | "or"; args: CondNode[] }
  | { op: "not"; arg: CondNode }
  | { op: "sel"; name: string }
  | { op: "of"; quantifier: "all" | number; names: string[] };

type Tok = { t: "(" | ")" | "and" | "or" | "not" | "of" | "all" | "any" | "num" | "id"; v: string };

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  const re = /\s*(\(|\)|\||[^\s()|]+)/y;
  let m: RegExpExecArray | null;
  let pos = 0;
  while (pos < src.length) {
    re.lastIndex = pos;
    m = re.exec(src);
    if (!m) {
      if (/^\s*$/.test(src.slice(pos))) break;
      throw new SigmaRuleError(`condition: cannot read '${src.slice(pos)}'`);
    }
    pos = re.lastIndex;
    const w = m[1];
    if (w === "|")
      throw new SigmaRuleError(
        "condition: aggregations ('| count() ...') are not supported in Sigma v2; use a correlation rule",
      );
    const lw = w.toLowerCase();
    if (w === "(" || w === ")") out.push({ t: w, v: w });
    else if (lw === "and" || lw === "or" || lw === "not" || lw === "of" || lw === "all" || lw === "any")
      out.push({ t: lw, v: w });
    else if (/^\d+$/.test(w)) out.push({ t: "num", v: w });
    else out.push({ t: "id", v: w });
  }
  return out;
}

/**
 * `1 of sel_*`: `*` is any run of characters, `?` one character, everything else literal. A segment scan (values.ts),
 * not a RegExp: `^.*a.*a.*a.*b$` from `1 of *a*a*a*b` backtracked for seconds over a 400-character selection name.
 */
const globToTest = compileGlob;

export function parseCondition(src: string, selections: string[]): CondNode {
  const toks = tokenize(src);
  if (toks.length === 0) throw new SigmaRuleError("condition is empty");
  let i = 0;
  const peek = () => toks[i];
  const expect = (t: Tok["t"]) => {
    const k = toks[i];
    if (!k || k.t !== t)
      throw new SigmaRuleError(`condition: expected '${t}' ${k ? `but found '${k.v}'` : "at the end"}`);
    i++;
    return k;
  };
  const resolve = (pattern: string): string[] => {
    if (pattern.toLowerCase() === "them") {
      const names = selections.filter((s) => !s.startsWith("_"));
      if (names.length === 0) throw new SigmaRuleError("condition: 'them' refers to no selection");
      return names;
    }
    const test = globToTest(pattern);
    const names = selections.filter(test);
    if (names.length === 0) throw new SigmaRuleError(`condition: '${pattern}' matches no selection`);
    return names;
  };
  const orExpr = (): CondNode => {
    const args = [andExpr()];
    while (peek()?.t === "or") {
      i++;
      args.push(andExpr());
    }
    return args.length === 1 ? args[0] : { op: "or", args };
  };
  const andExpr = (): CondNode => {
    const args = [notExpr()];
    while (peek()?.t === "and") {
      i++;
      args.push(notExpr());
    }
    return args.length === 1 ? args[0] : { op: "and", args };
  };
  const notExpr = (): CondNode => {
    if (peek()?.t === "not") {
      i++;
      return { op: "not", arg: notExpr() };
    }
    return atom();
  };
  const atom = (): CondNode => {
    const k = peek();
    if (!k) throw new SigmaRuleError("condition ends too early");
    if (k.t === "(") {
      i++;
      const e = orExpr();
      expect(")");
      return e;
    }
    if (k.t === "num" || k.t === "all" || k.t === "any") {
      i++;
      expect("of");
      const target = expect("id").v;
      const names = resolve(target);
      const quantifier: "all" | number = k.t === "all" ? "all" : k.t === "any" ? 1 : Number(k.v);
      if (quantifier === 0) throw new SigmaRuleError("condition: '0 of' is not a quantifier");
      return { op: "of", quantifier, names };
    }
    if (k.t === "id") {
      i++;
      if (!selections.includes(k.v)) throw new SigmaRuleError(`condition: unknown selection '${k.v}'`);
      return { op: "sel", name: k.v };
    }
    throw new SigmaRuleError(`condition: unexpected '${k.v}'`);
  };
  const tree = orExpr();
  if (i < toks.length) throw new SigmaRuleError(`condition: unexpected '${toks[i].v}'`);
  return tree;
}

/** Compiles a condition tree into a closure over the compiled selections. */
export function compileCondition<E>(node: CondNode, sel: Map<string, (e: E) => boolean>): (e: E) => boolean {
  switch (node.op) {
    case "sel":
      return sel.get(node.name)!;
    case "not": {
      const a = compileCondition(node.arg, sel);
      return (e) => !a(e);
    }
    case "and": {
      const args = node.args.map((n) => compileCondition(n, sel));
      if (args.length === 2) {
        const [a, b] = args;
        return (e) => a(e) && b(e);
      }
      return (e) => args.every((f) => f(e));
    }
    case "or": {
      const args = node.args.map((n) => compileCondition(n, sel));
      if (args.length === 2) {
        const [a, b] = args;
        return (e) => a(e) || b(e);
      }
      return (e) => args.some((f) => f(e));
    }
    case "of": {
      const args = node.names.map((n) => sel.get(n)!);
      if (node.quantifier === "all") return (e) => args.every((f) => f(e));
      const need = node.quantifier;
      if (need === 1) return (e) => args.some((f) => f(e));
      return (e) => {
        let n = 0;
        for (const f of args) if (f(e) && ++n >= need) return true;
        return false;
      };
    }
  }
}
