/**
 * Passkeys without a browser (issue 33): what the server decides on its own. Challenges are single use and
 * expire; a made-up answer signs nobody in; rename and remove touch only the person's own passkeys and removal is
 * audited. The ceremony itself (a real authenticator) is covered end to end with Chromium's virtual authenticator
 * (tests/e2e/identity-passkeys-sso.spec.ts).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sqlite } from "~/lib/db.server";
import { createUser } from "~/modules/accounts/accounts.server";
import {
  listPasskeys,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
  ssoFacts,
  verifyPasskeySignIn,
} from "~/modules/sso";

const URL_ = "http://localhost:3000/api/passkeys/sign-in";

async function person() {
  const email = `pk-${randomUUID().slice(0, 8)}@example.com`;
  const { user, tenantId } = await createUser(email, `Passkey test ${randomUUID()}`);
  return { ...user, tenantId };
}

function insertPasskey(userId: string, name: string) {
  const id = randomUUID();
  sqlite()
    .prepare(
      "INSERT INTO passkeys (id, user_id, credential_id, public_key, counter, transports, name) VALUES (?, ?, ?, 'AA', 0, '[]', ?)",
    )
    .run(id, userId, randomUUID(), name);
  return id;
}

describe("passkey challenges", () => {
  it("work once: a second use of the same challenge is refused as expired or used", async () => {
    const { challengeId } = await passkeySignInOptions(URL_);
    const bogus = { id: "not-a-credential", rawId: "x", type: "public-key", response: {} };
    await expect(verifyPasskeySignIn({ challengeId, response: bogus }, URL_)).rejects.toMatchObject({ status: 401 });
    await expect(verifyPasskeySignIn({ challengeId, response: bogus }, URL_)).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/expired or was already used/),
    });
  });

  it("expire after five minutes", async () => {
    const { challengeId } = await passkeySignInOptions(URL_);
    sqlite()
      .prepare("UPDATE webauthn_challenges SET expires_at = ? WHERE id = ?")
      .run(Date.now() - 1, challengeId);
    await expect(verifyPasskeySignIn({ challengeId, response: { id: "x", response: {} } }, URL_)).rejects.toMatchObject(
      { status: 400 },
    );
  });

  it("belong to the person they were issued to", async () => {
    const a = await person();
    const b = await person();
    const { challengeId, options } = await passkeyRegistrationOptions(a, URL_);
    expect(options.rp.id).toBe("localhost");
    expect(options.authenticatorSelection?.userVerification).toBe("required");
    await expect(registerPasskey(b, { challengeId, response: {}, name: "Stolen" }, URL_)).rejects.toMatchObject({
      status: 400,
    });
    expect(listPasskeys(b.id)).toEqual([]);
  });
});

describe("a person's passkeys", () => {
  it("are renamed and removed only by their owner, and removal is audited", async () => {
    const a = await person();
    const b = await person();
    const id = insertPasskey(a.id, "Laptop");
    expect(renamePasskey(b.id, id, "Mine now")).toBe(false);
    expect(removePasskey(b.id, id)).toBe(false);
    expect(renamePasskey(a.id, id, "Work laptop")).toBe(true);
    expect(listPasskeys(a.id).map((p) => p.name)).toEqual(["Work laptop"]);
    expect(() => renamePasskey(a.id, id, "   ")).toThrow(/Give the passkey a name/);
    expect(ssoFacts(a.tenantId).passkeyUsers).toBe(1);
    expect(removePasskey(a.id, id, "203.0.113.9")).toBe(true);
    expect(listPasskeys(a.id)).toEqual([]);
    expect(ssoFacts(a.tenantId)).toEqual({ configured: false, enforced: false, passkeyUsers: 0 });
    const row = sqlite()
      .prepare("SELECT action, detail FROM audit_log WHERE user_id = ? AND action LIKE 'passkey.%'")
      .get(a.id) as { action: string; detail: string };
    expect(row.action).toBe("passkey.removed");
    expect(row.detail).toContain("Work laptop");
  });
});
