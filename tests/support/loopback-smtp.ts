// A real SMTP server on loopback (smtp-server) that keeps what arrives, for mailer and channel tests.
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** `onMessage` also hands each message to the caller as it arrives (the e2e server writes it to a file). */
export async function startLoopbackSmtp(opts: { onMessage?: (mail: ReceivedMail) => void } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        received.push(mail);
        try {
          opts.onMessage?.(mail);
        } catch (err) {
          callback(err as Error);
          return;
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    config: {
      host: "127.0.0.1",
      port,
      secure: false,
      from: "Rampart <alerts@rampart.test>",
      rejectUnauthorized: false,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
