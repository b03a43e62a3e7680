import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureMailerForTests, MailerNotConfigured, sendMail, smtpConfigFromEnv } from "./mailer.server";
import { startLoopbackSmtp } from "../../tests/support/loopback-smtp";

let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;
beforeAll(async () => {
  smtp = await startLoopbackSmtp();
});
afterAll(async () => {
  configureMailerForTests(undefined);
  await smtp.close();
});

describe("mailer", () => {
  it("reads the SMTP settings from the environment", () => {
    expect(smtpConfigFromEnv({})).toBeNull();
    expect(
      smtpConfigFromEnv({ SMTP_HOST: "mail.example.com", SMTP_SECURE: "1", SMTP_FROM: "R <r@example.com>" }),
    ).toMatchObject({
      host: "mail.example.com",
      port: 465,
      secure: true,
      from: "R <r@example.com>",
    });
    expect(() => smtpConfigFromEnv({ SMTP_HOST: "x", SMTP_PORT: "99999" })).toThrow(/SMTP_PORT/);
  });

  it("refuses to send when SMTP is not configured", async () => {
    configureMailerForTests(null);
    await expect(sendMail({ to: "a@example.com", subject: "s", text: "t" })).rejects.toBeInstanceOf(
      MailerNotConfigured,
    );
  });

  it("delivers a message to a real SMTP server, with no header injection from the subject", async () => {
    configureMailerForTests(smtp.config);
    await sendMail({ to: "owner@example.com", subject: "Reset\r\nBcc: evil@example.com", text: "Hello there" });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.to).toEqual(["owner@example.com"]);
    expect(mail.from).toBe("alerts@rampart.test");
    expect(mail.raw).toContain("Hello there");
    expect(mail.raw).not.toMatch(/^Bcc:/im);
  });
});
