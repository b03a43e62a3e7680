/**
 * The breach catalogue as the app reads it, and the public breach check.
 *
 * The check hashes the typed address with the breach HMAC key (its own file in
 * the data directory, never the session secret) and looks the hash up; the
 * address is neither stored nor logged. Publicly we show only breaches that
 * are not sensitive, not spam lists and not retired (as Have I Been Pwned
 * does); unverified and fabricated breaches are shown, marked as such.
 */
import { fileSecret } from "~/lib/env.server";
import { sqlite } from "~/lib/db.server";
import { adviceForBreach } from "./advice";
import { hashEmail, HMAC_KEY_FILE, severityForDataClasses, type Level } from "./match";

export function breachHmacKey(): string {
  return fileSecret(HMAC_KEY_FILE);
}

export type PublicBreach = {
  name: string;
  title: string;
  domain: string;
  breachDate: string;
  addedDate: string;
  pwnCount: number;
  description: string;
  dataClasses: string[];
  isVerified: boolean;
  isFabricated: boolean;
  severity: Level;
  advice: { classes: string[]; text: string }[];
};

export type PublicCheckResult =
  { state: "no-data" } | { state: "clean"; breachCount: number } | { state: "exposed"; breaches: PublicBreach[] };

type BreachRow = {
  name: string;
  title: string;
  domain: string;
  breachDate: string;
  addedDate: string;
  pwnCount: number;
  description: string;
  dataClasses: string;
  isVerified: number;
  isFabricated: number;
};

/** Breaches that can be matched at all (retired ones are out of the catalogue for good). */
export function catalogueSize(): number {
  return (sqlite().prepare(`SELECT count(*) AS n FROM breaches WHERE is_retired = 0`).get() as { n: number }).n;
}

/** The public breach check for one address. */
export function checkEmailPublic(email: string): PublicCheckResult {
  const total = catalogueSize();
  if (total === 0) return { state: "no-data" };
  const rows = sqlite()
    .prepare(
      `SELECT b.name, b.title, b.domain, b.breach_date AS breachDate, b.added_date AS addedDate, b.pwn_count AS pwnCount,
              b.description, b.data_classes AS dataClasses, b.is_verified AS isVerified, b.is_fabricated AS isFabricated
       FROM breach_accounts a JOIN breaches b ON b.id = a.breach_id
       WHERE a.email_hash = ? AND b.is_sensitive = 0 AND b.is_spam_list = 0 AND b.is_retired = 0
       ORDER BY b.breach_date DESC, b.name`,
    )
    .all(hashEmail(breachHmacKey(), email)) as BreachRow[];
  if (rows.length === 0) return { state: "clean", breachCount: total };
  return {
    state: "exposed",
    breaches: rows.map((r) => {
      const dataClasses = JSON.parse(r.dataClasses) as string[];
      return {
        name: r.name,
        title: r.title,
        domain: r.domain,
        breachDate: r.breachDate,
        addedDate: r.addedDate,
        pwnCount: r.pwnCount,
        description: r.description,
        dataClasses,
        isVerified: r.isVerified === 1,
        isFabricated: r.isFabricated === 1,
        severity: severityForDataClasses(dataClasses),
        advice: adviceForBreach(dataClasses),
      };
    }),
  };
}
