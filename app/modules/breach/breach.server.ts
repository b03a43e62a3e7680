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
import { and, count, desc, eq } from "drizzle-orm";
import { breachAccounts, breaches } from "./schema";
import { db } from "~/lib/db.server";
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

/** Breaches that can be matched at all (retired ones are out of the catalogue for good). */
export function catalogueSize(): number {
  return db.select({ n: count() }).from(breaches).where(eq(breaches.isRetired, false)).get()!.n;
}

/** The public breach check for one address. */
export function checkEmailPublic(email: string): PublicCheckResult {
  const total = catalogueSize();
  if (total === 0) return { state: "no-data" };
  const rows = db
    .select({
      name: breaches.name,
      title: breaches.title,
      domain: breaches.domain,
      breachDate: breaches.breachDate,
      addedDate: breaches.addedDate,
      pwnCount: breaches.pwnCount,
      description: breaches.description,
      dataClasses: breaches.dataClasses,
      isVerified: breaches.isVerified,
      isFabricated: breaches.isFabricated,
    })
    .from(breachAccounts)
    .innerJoin(breaches, eq(breaches.id, breachAccounts.breachId))
    .where(
      and(
        eq(breachAccounts.emailHash, hashEmail(breachHmacKey(), email)),
        eq(breaches.isSensitive, false),
        eq(breaches.isSpamList, false),
        eq(breaches.isRetired, false),
      ),
    )
    .orderBy(desc(breaches.breachDate), breaches.name)
    .all();
  if (rows.length === 0) return { state: "clean", breachCount: total };
  return {
    state: "exposed",
    breaches: rows.map((r) => {
      const { dataClasses } = r;
      return {
        name: r.name,
        title: r.title,
        domain: r.domain,
        breachDate: r.breachDate,
        addedDate: r.addedDate,
        pwnCount: r.pwnCount,
        description: r.description,
        dataClasses,
        isVerified: r.isVerified,
        isFabricated: r.isFabricated,
        severity: severityForDataClasses(dataClasses),
        advice: adviceForBreach(dataClasses),
      };
    }),
  };
}
