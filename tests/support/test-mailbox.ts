/**
 * For vitest files that send real mail: a loopback SMTP server (./loopback-smtp) wired into the app's mailer for
 * the file's tests, with the waits and link extraction the mail tests share. (Not for the e2e server, which uses
 * loopback-smtp directly and must not import vitest.)
 */
import { afterAll, beforeAll } from "vitest";
import { configureMailerForTests } from "~/lib/mailer.server";
import { startLoopbackSmtp, type ReceivedMail } from "./loopback-smtp";

export function mailboxForTheseTests() {
  let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>> | undefined;
  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    configureMailerForTests(smtp.config);
  });
  afterAll(async () => {
    configureMailerForTests(undefined);
    await smtp?.close();
  });
  const started = () => {
    if (!smtp) throw new Error("the test mailbox starts in beforeAll");
    return smtp;
  };
  return {
    /** Every message received so far. */
    get received(): ReceivedMail[] {
      return started().received;
    },
    /** The mailer settings pointing at this mailbox (to put back after a test turned mail off). */
    get config() {
      return started().config;
    },
    /** The `n`th message to `to`, waiting up to 5 s for it. */
    async waitFor(to: string, n = 1): Promise<ReceivedMail> {
      for (let i = 0; i < 100; i++) {
        const mine = started().received.filter((r) => r.to.includes(to));
        if (mine.length >= n) return mine[n - 1];
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail for ${to}`);
    },
  };
}

/** A message's body with quoted-printable soft line breaks undone (links are whole again). */
export function unfoldedBody(raw: string): string {
  return raw.replace(/=\r?\n/g, "");
}

/** The first `…/<path>/<token>` link in a raw message, and its token. */
export function linkIn(raw: string, path: string): { url: string; token: string } {
  const m = unfoldedBody(raw).match(new RegExp(`https?://[^\\s]+/${path}/([A-Za-z0-9_-]+)`));
  if (!m) throw new Error(`no /${path}/ link in the mail`);
  return { url: m[0], token: m[1] };
}
