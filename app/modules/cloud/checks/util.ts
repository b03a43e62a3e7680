/** Reading untrusted JSON without trusting its shape: every accessor answers a safe empty value. */
export type Json = Record<string, unknown>;

export const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
export const obj = (v: unknown): Json => (isObj(v) ? v : {});
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const objs = (v: unknown): Json[] => arr(v).filter(isObj);
export const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
export const strs = (v: unknown): string[] => (typeof v === "string" ? [v] : arr(v).map(str).filter(Boolean));

/** A port range string ("22", "20-30", "*") or a from/to pair covers `port`. */
export function rangeCovers(range: string, port: number): boolean {
  const r = range.trim();
  if (r === "*" || r === "") return r === "*";
  const m = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(r);
  if (!m) return false;
  const from = Number(m[1]);
  const to = m[2] ? Number(m[2]) : from;
  return from <= port && port <= to;
}

export const WORLD_V4 = "0.0.0.0/0";
export const WORLD_V6 = "::/0";

/** Database ports checked by the "databases open to the internet" checks. */
export const DATABASE_PORTS = [1433, 1521, 3306, 5432, 6379, 27017] as const;

/** An IAM policy document, object or URL-encoded JSON text (the API's form; the CLI decodes it). */
export function policyDocument(v: unknown): Json {
  if (isObj(v)) return v;
  if (typeof v !== "string" || v.length > 200_000) return {};
  for (const text of [v, safeDecode(v)]) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isObj(parsed)) return parsed;
    } catch {
      // try the next form
    }
  }
  return {};
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** A statement that allows every action on every resource ("*:*", CIS AWS 1.16). */
export function allowsFullAdmin(document: unknown): boolean {
  const statements = arr(obj(policyDocument(document)).Statement ?? []);
  const list = statements.length ? statements : [obj(policyDocument(document)).Statement];
  return list.filter(isObj).some((s) => {
    if (str(s.Effect) !== "Allow") return false;
    return strs(s.Action).includes("*") && strs(s.Resource).includes("*");
  });
}

export const days = (ms: number) => ms / 86_400_000;
export const parseDate = (v: unknown): number | null => {
  const t = Date.parse(str(v));
  return Number.isFinite(t) ? t : null;
};
