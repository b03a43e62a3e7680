/**
 * Issue 30: dark web monitoring never calls an identity "clean" when there is
 * no breach data to check it against; once a breach is loaded, an address in
 * none of them reads clean.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { breachHmacKey } from "./breach.server";
import { importBreachFile } from "./import";
import { addWatchedEmail, listWatchedIdentities } from "./watchlist.server";
import { signedInUser } from "../../../tests/unit/helpers";

describe("watchlist coverage", () => {
  it("is 'not-checked' with an empty catalogue, 'clean' only after breach data arrives", async () => {
    const { tenantId } = await signedInUser();
    const watched = addWatchedEmail(tenantId, "nobody-here@example.com");
    const before = listWatchedIdentities(tenantId).find((i) => i.id === watched.id)!;
    expect(before.status).toBe("not-checked");
    expect(before.evidence).toMatch(/^Not checked: no breach data has been loaded yet/);
    await importBreachFile(db, path.resolve("db/seed/breaches/example-shop.json"), { hmacKey: breachHmacKey() });
    const after = listWatchedIdentities(tenantId).find((i) => i.id === watched.id)!;
    expect(after.status).toBe("clean");
    expect(after.evidence).toBe("Not found in any imported breach.");
  });
});
