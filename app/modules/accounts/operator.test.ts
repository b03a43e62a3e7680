// Who is an operator (issue 32): the CLI's flag, or a *verified* address listed in RAMPART_OPERATOR_EMAILS.
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/lib/env.server";
import { createUser } from "./accounts.server";
import { markEmailVerified } from "./email-verification.server";
import { isOperator, setOperator } from "./operator.server";

afterEach(() => {
  delete process.env.RAMPART_OPERATOR_EMAILS;
  resetEnvForTests();
});

describe("operators", () => {
  it("a customer is not one; the CLI's grant makes one and its revoke ends it", async () => {
    const { user } = await createUser(`op-cli-${Date.now()}@example.com`, "a long enough passphrase 1");
    expect(isOperator(user.id)).toBe(false);
    expect(setOperator(user.id, true)).toBe(true);
    expect(isOperator(user.id)).toBe(true);
    setOperator(user.id, false);
    expect(isOperator(user.id)).toBe(false);
  });

  it("RAMPART_OPERATOR_EMAILS counts only once the address is verified", async () => {
    const email = `op-env-${Date.now()}@example.com`;
    process.env.RAMPART_OPERATOR_EMAILS = ` Someone@example.org , ${email.toUpperCase()}`;
    resetEnvForTests();
    const { user } = await createUser(email, "a long enough passphrase 1");
    // Whoever signs up first with the address is not the operator until they prove they own it.
    expect(isOperator(user.id)).toBe(false);
    markEmailVerified(user.id);
    expect(isOperator(user.id)).toBe(true);
  });
});
