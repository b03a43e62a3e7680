import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { db, sqlite } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { listActiveAlerts } from "~/modules/alerts";
import { createUser } from "~/modules/accounts/accounts.server";
import { breachHmacKey, checkEmailPublic } from "./breach.server";
import { importBreach, importBreachFile, normaliseMetadata, parseCsvLine } from "./import";
import { emailDomain, hashEmail, normaliseEmail, severityForDataClasses, verifyDomain } from "./match";
import {
  addWatchedDomain,
  addWatchedEmail,
  listExposures,
  listWatchedIdentities,
  setExposureStatus,
} from "./watchlist.server";

const run = promisify(execFile);
const SEED = path.resolve("db/seed/breaches");

function tmpFile(name: string, content: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "breach-"));
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

const importFile = (file: string) => importBreachFile(db, file, { hmacKey: breachHmacKey() });

let n = 0;
async function tenant() {
  const { tenantId } = await createUser(`owner${++n}-${Date.now()}@example.com`, "a long enough passphrase 1");
  return tenantId;
}

describe("before any breach is imported", () => {
  it("the public check says there is no breach data yet", () => {
    expect(checkEmailPublic("alice@example.com")).toEqual({ state: "no-data" });
  });
});

describe("HMAC of the normalised e-mail", () => {
  it("trims and lower-cases before hashing, and uses its own key, not the session secret", () => {
    const key = breachHmacKey();
    expect(hashEmail(key, "  Alice@Example.COM ")).toBe(hashEmail(key, "alice@example.com"));
    expect(hashEmail(key, "alice@example.com")).not.toBe(hashEmail(key, "alice2@example.com"));
    expect(hashEmail(key, "alice@example.com")).toMatch(/^[0-9a-f]{64}$/);
    expect(normaliseEmail(" Bob@Example.com\n")).toBe("bob@example.com");
    expect(emailDomain("Bob@Mail.Example.com")).toBe("mail.example.com");
    const dir = getEnv().dataDir;
    const stat = fs.statSync(path.join(dir, "breach-hmac-key"));
    expect(stat.mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(path.join(dir, "breach-hmac-key"), "utf8").trim()).toBe(key);
    expect(key).not.toBe(
      fs.existsSync(path.join(dir, "session-secret"))
        ? fs.readFileSync(path.join(dir, "session-secret"), "utf8").trim()
        : "",
    );
  });

  it("a different key gives a different hash (a database copy alone cannot be matched against guesses)", () => {
    expect(hashEmail("k".repeat(40), "alice@example.com")).not.toBe(hashEmail(breachHmacKey(), "alice@example.com"));
  });
});

describe("breach files", () => {
  it("validates metadata with messages naming the field", () => {
    expect(() => normaliseMetadata({ BreachDate: "2024-01-01" })).toThrow(/Name is required/);
    expect(() => normaliseMetadata({ Name: "X", BreachDate: "yesterday" })).toThrow(/BreachDate/);
    const meta = normaliseMetadata({ Name: "X", BreachDate: "2024-01-01" });
    expect(meta).toMatchObject({ title: "X", isVerified: false, isSensitive: false, dataClasses: ["Email addresses"] });
    expect(parseCsvLine(`"a@example.com","x, ""y""",z`)).toEqual(["a@example.com", 'x, "y"', "z"]);
  });

  it("imports the example JSON breach: metadata kept, addresses stored only as HMACs", async () => {
    const r = await importFile(path.join(SEED, "example-shop.json"));
    expect(r).toMatchObject({
      name: "ExampleShop",
      created: true,
      accountsRead: 4,
      accountsAdded: 4,
      accountsSkipped: 0,
    });
    const b = sqlite().prepare(`SELECT * FROM breaches WHERE name = 'ExampleShop'`).get() as Record<string, unknown>;
    expect(b).toMatchObject({
      title: "Example Shop",
      domain: "shop.example.com",
      breach_date: "2024-03-01",
      pwn_count: 4,
      is_verified: 1,
    });
    expect(JSON.parse(String(b.data_classes))).toEqual(["Email addresses", "Names", "Passwords", "Phone numbers"]);
    const dump = JSON.stringify(sqlite().prepare(`SELECT * FROM breach_accounts`).all());
    expect(dump).not.toContain("alice");
    expect(dump).not.toContain("bob");
    const hashes = sqlite()
      .prepare(`SELECT email_hash, domain FROM breach_accounts WHERE breach_id = ?`)
      .all(r.breachId);
    // "Bob@Example.com " in the file was normalised before hashing.
    expect(hashes).toContainEqual({ email_hash: hashEmail(breachHmacKey(), "bob@example.com"), domain: "example.com" });
  });

  it("imports the example CSV breach with # header metadata and skips invalid rows", async () => {
    const r = await importFile(path.join(SEED, "example-forum.csv"));
    expect(r).toMatchObject({ name: "ExampleForum", accountsRead: 3, accountsAdded: 3 });
    const file = tmpFile(
      "list.csv",
      "# Name: CsvNoHeader\n# BreachDate: 2021-02-03\n# DataClasses: Email addresses; Passwords\nx@example.test\nnot-an-address\n y@example.test \n",
    );
    const r2 = await importFile(file);
    expect(r2).toMatchObject({ name: "CsvNoHeader", accountsRead: 3, accountsAdded: 2, accountsSkipped: 1 });
    const row = sqlite().prepare(`SELECT data_classes FROM breaches WHERE name = 'CsvNoHeader'`).get() as {
      data_classes: string;
    };
    expect(JSON.parse(row.data_classes)).toEqual(["Email addresses", "Passwords"]);
  });

  it("takes a CSV's metadata from a JSON sidecar of the same name", async () => {
    const csv = tmpFile("sidecar.csv", "email\nz@example.test\n");
    fs.writeFileSync(
      csv.replace(/\.csv$/, ".json"),
      JSON.stringify({ Name: "SidecarBreach", Title: "Sidecar", BreachDate: "2020-05-06", IsVerified: true }),
    );
    const r = await importFile(csv);
    expect(r).toMatchObject({ name: "SidecarBreach", accountsAdded: 1 });
    expect(sqlite().prepare(`SELECT title, is_verified AS v FROM breaches WHERE name = 'SidecarBreach'`).get()).toEqual(
      { title: "Sidecar", v: 1 },
    );
  });

  it("rejects a file without a Name or of an unknown type, importing nothing", async () => {
    const before = (sqlite().prepare(`SELECT count(*) AS n FROM breaches`).get() as { n: number }).n;
    await expect(
      importFile(tmpFile("bad.json", JSON.stringify({ BreachDate: "2020-01-01", accounts: ["a@example.com"] }))),
    ).rejects.toThrow(/Name is required/);
    await expect(importFile(tmpFile("bad.csv", "email\na@example.com\n"))).rejects.toThrow(/Name is required/);
    await expect(importFile(tmpFile("bad.xml", "<x/>"))).rejects.toThrow(/Unsupported file type/);
    expect((sqlite().prepare(`SELECT count(*) AS n FROM breaches`).get() as { n: number }).n).toBe(before);
  });
});

describe("the public breach check", () => {
  it("lists the non-sensitive breaches of an exposed address, with data classes and advice", async () => {
    await importFile(path.join(SEED, "example-dating.json")); // sensitive: never on the public check
    const result = checkEmailPublic(" ALICE@example.com");
    expect(result.state).toBe("exposed");
    if (result.state !== "exposed") return;
    expect(result.breaches.map((b) => b.name)).toEqual(["ExampleShop", "ExampleForum"]);
    const shop = result.breaches[0];
    expect(shop).toMatchObject({ title: "Example Shop", isVerified: true, severity: "high" });
    expect(shop.dataClasses).toContain("Passwords");
    expect(shop.advice.find((a) => a.classes.includes("Passwords"))?.text).toMatch(
      /Change the password.*multi-factor authentication/,
    );
    expect(result.breaches[1].isVerified).toBe(false);
  });

  it("answers clean for an address in no breach, and never shows a sensitive or spam-list breach", async () => {
    expect(checkEmailPublic("nobody@example.com").state).toBe("clean");
    // grace is only in the sensitive ExampleDating breach.
    expect(checkEmailPublic("grace@corp.example.test").state).toBe("clean");
    await importBreach(
      db,
      { Name: "SpamListX", BreachDate: "2019-01-01", IsSpamList: true },
      ["spammed@example.test"],
      { hmacKey: breachHmacKey() },
    );
    expect(checkEmailPublic("spammed@example.test").state).toBe("clean");
  });
});

describe("dark web monitoring", () => {
  it("matches a watched e-mail against the catalogue as soon as it is added", async () => {
    const t = await tenant();
    const added = addWatchedEmail(t, "  Alice@Example.com ");
    expect(added).toMatchObject({ added: true, newExposures: 2 });
    const [identity] = listWatchedIdentities(t);
    expect(identity).toMatchObject({
      email: "alice@example.com",
      domain: "example.com",
      type: "email",
      status: "breached",
      breachCount: 2,
      severity: "high",
    });
    expect(identity.evidence).toMatch(/Example Shop/);
    expect(identity.foundAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Adding it again adds nothing.
    expect(addWatchedEmail(t, "alice@example.com")).toMatchObject({ added: false });
    expect(listWatchedIdentities(t)).toHaveLength(1);
    // Matching at add time does not alert: the person adding it sees the result.
    expect(listActiveAlerts(t)).toEqual([]);
    const clean = addWatchedEmail(t, "zed@example.com");
    expect(listWatchedIdentities(t).find((i) => i.id === clean.id)).toMatchObject({
      status: "clean",
      breachCount: 0,
      foundAt: null,
    });
  });

  it("a breach imported twice alerts once, and only newly exposed identities", async () => {
    const t = await tenant();
    addWatchedEmail(t, "henry@example.test");
    addWatchedEmail(t, "alice@example.com"); // already exposed by earlier breaches, not by this one
    const file = tmpFile(
      "twice.json",
      JSON.stringify({
        Name: "TwiceBreach",
        Title: "Twice",
        BreachDate: "2025-01-01",
        DataClasses: ["Email addresses", "Passwords"],
        accounts: ["henry@example.test", "other@example.test"],
      }),
    );
    const first = await importFile(file);
    expect(first.newExposures).toBe(1);
    const alerts = listActiveAlerts(t);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ source: "dark-web", severity: "high", status: "active" });
    expect(alerts[0].title).toBe("henry@example.test found in the Twice breach");
    const second = await importFile(file);
    expect(second).toMatchObject({ created: false, accountsAdded: 0, newExposures: 0 });
    expect(listActiveAlerts(t)).toHaveLength(1);
    expect(listWatchedIdentities(t).find((i) => i.email === "henry@example.test")).toMatchObject({
      status: "breached",
      breachCount: 1,
    });
  });

  it("an unverified domain shows only that it is watched (no breaches, no account counts) until an operator verifies it (issue 10)", async () => {
    const t = await tenant();
    const domain = addWatchedDomain(t, "Corp.Example.test");
    const grace = addWatchedEmail(t, "grace@corp.example.test");
    expect(domain.newExposures).toBe(0);
    let exposures = listExposures(t);
    expect(exposures.filter((e) => e.type === "domain")).toEqual([]);
    expect(exposures.some((e) => e.isSensitive)).toBe(false);
    const domainRow = listWatchedIdentities(t).find((i) => i.type === "domain")!;
    expect(domainRow).toMatchObject({
      domain: "corp.example.test",
      status: "pending",
      verified: false,
      breachCount: 0,
    });
    expect(domainRow.evidence).toMatch(/^Watched, awaiting verification that your organization controls/);
    expect(domainRow.evidence).not.toMatch(/\d+ account/);
    expect(listWatchedIdentities(t).find((i) => i.id === grace.id)).toMatchObject({ status: "clean" });

    expect(verifyDomain(db, t, "nothere.example")).toMatchObject({ ok: false });
    const verified = verifyDomain(db, t, "corp.example.test");
    expect(verified.ok).toBe(true);
    exposures = listExposures(t);
    // Verified: the domain's exposures with their account counts, and the sensitive breach for both identities.
    expect(
      exposures
        .filter((e) => e.type === "domain")
        .map((e) => e.breachName)
        .sort(),
    ).toEqual(["ExampleDating", "ExampleForum", "ExampleShop"]);
    expect(exposures.filter((e) => e.type === "domain").every((e) => e.accountCount >= 1)).toBe(true);
    expect(
      exposures
        .filter((e) => e.breachName === "ExampleDating")
        .map((e) => e.identity)
        .sort(),
    ).toEqual(["corp.example.test", "grace@corp.example.test"]);
    expect(listWatchedIdentities(t).find((i) => i.type === "domain")).toMatchObject({
      status: "breached",
      verified: true,
    });
    expect(listWatchedIdentities(t).find((i) => i.id === grace.id)).toMatchObject({
      status: "breached",
      severity: "high",
    });
    // The newly revealed exposures alert; verifying again reveals nothing new.
    expect(listActiveAlerts(t).filter((a) => /Example Dating/.test(a.title))).toHaveLength(2);
    expect(verifyDomain(db, t, "corp.example.test")).toMatchObject({ ok: true, newExposures: 0 });
  });

  it("resolving and skipping exposures turns the identity clean, scoped to the tenant", async () => {
    const a = await tenant();
    const b = await tenant();
    addWatchedEmail(a, "alice@example.com");
    const [shop, forum] = ["ExampleShop", "ExampleForum"].map((name) =>
      listExposures(a).find((e) => e.breachName === name)!,
    );
    expect(setExposureStatus(b, shop.id, "resolved")).toBe(false);
    expect(listExposures(a).find((e) => e.id === shop.id)?.status).toBe("open");
    expect(setExposureStatus(a, shop.id, "resolved")).toBe(true);
    expect(listWatchedIdentities(a)[0]).toMatchObject({ status: "breached", severity: "medium" });
    expect(setExposureStatus(a, forum.id, "skipped")).toBe(true);
    const identity = listWatchedIdentities(a)[0];
    expect(identity).toMatchObject({ status: "clean", breachCount: 2 });
    expect(identity.evidence).toMatch(/all marked resolved or skipped/);
  });

  it("severity follows the worst exposed data class", () => {
    expect(severityForDataClasses(["Email addresses", "Passwords"])).toBe("high");
    expect(severityForDataClasses(["Email addresses", "Security questions and answers"])).toBe("high");
    expect(severityForDataClasses(["Email addresses", "Phone numbers"])).toBe("medium");
    expect(severityForDataClasses(["Email addresses"])).toBe("low");
  });
});

describe("scripts/import-breach.ts", () => {
  it("imports with the app's HMAC key from the data directory, and a second run adds nothing", async () => {
    const t = await tenant();
    addWatchedEmail(t, "ivan@example.test");
    const file = tmpFile(
      "script.json",
      JSON.stringify({
        Name: "ScriptBreach",
        Title: "Script Breach",
        BreachDate: "2025-02-02",
        DataClasses: ["Email addresses", "Phone numbers"],
        IsVerified: true,
        accounts: ["ivan@example.test"],
      }),
    );
    const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL };
    const first = await run(
      "node",
      ["--import", "tsx", "--import", "./scripts/asset-imports.ts", "scripts/import-breach.ts", file],
      { env },
    );
    expect(first.stdout).toMatch(
      /Imported breach ScriptBreach: 1 address\(es\) read, 1 new, 0 skipped as invalid; 1 new exposure/,
    );
    const second = await run(
      "node",
      ["--import", "tsx", "--import", "./scripts/asset-imports.ts", "scripts/import-breach.ts", file],
      { env },
    );
    expect(second.stdout).toMatch(/Updated breach ScriptBreach: 1 address\(es\) read, 0 new, .*; 0 new exposure/);
    // Same key file: the app finds what the script imported.
    const check = checkEmailPublic("ivan@example.test");
    expect(check.state === "exposed" && check.breaches.map((b) => b.name)).toEqual(["ScriptBreach"]);
    const alerts = listActiveAlerts(t);
    expect(alerts.map((a) => a.title)).toEqual(["ivan@example.test found in the Script Breach breach"]);
    expect(alerts[0].severity).toBe("medium");
  });

  it("two imports of the same breach at once both succeed and store each account once", async () => {
    const file = tmpFile(
      "race.json",
      JSON.stringify({
        Name: "RaceBreach",
        BreachDate: "2025-03-03",
        accounts: Array.from({ length: 200 }, (_, i) => `r${i}@example.test`),
      }),
    );
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        run("node", ["--import", "tsx", "--import", "./scripts/asset-imports.ts", "scripts/import-breach.ts", file], {
          env: process.env,
        }),
      ),
    );
    expect(results.every((r) => /breach RaceBreach/.test(r.stdout))).toBe(true);
    const row = sqlite()
      .prepare(
        `SELECT count(*) AS n FROM breach_accounts a JOIN breaches b ON b.id = a.breach_id WHERE b.name = 'RaceBreach'`,
      )
      .get();
    expect(row).toEqual({ n: 200 });
  });

  it("exits 1 with a clear message for a bad file", async () => {
    const file = tmpFile("bad.json", "{ not json");
    const err = await run(
      "node",
      ["--import", "tsx", "--import", "./scripts/asset-imports.ts", "scripts/import-breach.ts", file],
      { env: process.env },
    ).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(err?.code).toBe(1);
    expect(err?.stderr).toMatch(/is not valid JSON/);
  });
});
