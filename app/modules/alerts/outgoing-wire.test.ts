/**
 * Issue 28, outgoing: what a receiver of Rampart's webhooks and alert mail
 * gets, checked with the receivers' own tools. Webhooks: a real loopback HTTP
 * server, verified with the `standardwebhooks` library, body in the Standard
 * Webhooks shape `{ type, timestamp, data }`, User-Agent `Rampart-Webhooks/<version>`.
 * Mail: the loopback SMTP server (smtp-server), parsed with mailparser:
 * `Auto-Submitted: auto-generated` (RFC 3834), the severity in the subject, and
 * a link to the alert on PUBLIC_URL, or no link at all without it.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/lib/env.server";
import { signedInUser } from "../../../tests/unit/helpers";
import { mailboxForTheseTests } from "../../../tests/support/test-mailbox";
import {
  createChannel,
  createRule,
  listAlerts,
  queueTestMessage,
  raiseAlert,
  runAlertingOnce,
  setAlertingClock,
  transitionAlert,
} from "./index";

const VERSION = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { version: string }).version;

type Received = { headers: http.IncomingHttpHeaders; body: string };

async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    received,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => new Promise((r) => server.close(r)),
  };
}

async function ruleFor(tenantId: string, channelId: string) {
  createRule(tenantId, {
    name: "all",
    matchSource: null,
    minSeverity: "low",
    matchText: null,
    escalationPolicyId: null,
    channelIds: [channelId],
    mode: "all",
  });
}

const savedPublicUrl = process.env.PUBLIC_URL;
beforeEach(() => {
  setAlertingClock(() => Date.now());
  process.env.RAMPART_ALLOW_PRIVATE_TARGETS = "1";
});
afterEach(() => {
  setAlertingClock();
  delete process.env.RAMPART_ALLOW_PRIVATE_TARGETS;
  if (savedPublicUrl === undefined) delete process.env.PUBLIC_URL;
  else process.env.PUBLIC_URL = savedPublicUrl;
  resetEnvForTests();
});

describe("webhook deliveries as a Standard Webhooks receiver sees them", () => {
  it("verify with standardwebhooks and carry { type, timestamp, data } and User-Agent Rampart-Webhooks/<version>", async () => {
    const receiver = await startReceiver();
    try {
      const { tenantId, user } = await signedInUser();
      const channel = await createChannel(tenantId, { type: "webhook", name: "SIEM", url: receiver.url }, null);
      await ruleFor(tenantId, channel.id);
      const before = Date.now();
      const id = raiseAlert({ tenantId, source: "dark-web", severity: "high", title: "Credentials for sale" })!;
      await runAlertingOnce();
      transitionAlert(tenantId, id, "resolve", null);
      await runAlertingOnce();
      queueTestMessage(tenantId, channel.id, user.email);
      await runAlertingOnce();
      expect(receiver.received).toHaveLength(3);

      const verify = (r: Received) =>
        new Webhook(channel.secret!).verify(r.body, {
          "webhook-id": String(r.headers["webhook-id"]),
          "webhook-timestamp": String(r.headers["webhook-timestamp"]),
          "webhook-signature": String(r.headers["webhook-signature"]),
        }) as { type: string; timestamp: string; data: { alert: Record<string, unknown> } };
      const [raised, resolved, ping] = receiver.received.map(verify);

      expect(Object.keys(raised).sort()).toEqual(["data", "timestamp", "type"]);
      expect(raised.type).toBe("alert.raised");
      expect(raised.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.parse(raised.timestamp)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(raised.timestamp)).toBeLessThanOrEqual(Date.now());
      expect(raised.data.alert).toMatchObject({
        id,
        title: "Credentials for sale",
        severity: "high",
        status: "active",
      });
      expect(resolved).toMatchObject({ type: "alert.resolved", data: { alert: { id, status: "resolved" } } });
      expect(ping).toMatchObject({ type: "test.ping", data: { alert: { title: 'Test message for "SIEM"' } } });

      for (const r of receiver.received) {
        expect(r.headers["user-agent"]).toBe(`Rampart-Webhooks/${VERSION}`);
        expect(r.headers["content-type"]).toBe("application/json");
      }
    } finally {
      await receiver.close();
    }
  });
});

describe("alert mail as a mail client sees it", () => {
  const mailbox = mailboxForTheseTests();

  async function mailFor(recipient: string, title: string, severity: "low" | "medium" | "high" | "critical") {
    const { tenantId } = await signedInUser();
    const channel = await createChannel(tenantId, { type: "email", name: "SOC", recipients: [recipient] }, null);
    await ruleFor(tenantId, channel.id);
    const id = raiseAlert({ tenantId, source: "vulnerability", severity, title })!;
    await runAlertingOnce();
    return { tenantId, id, mail: await simpleParser((await mailbox.waitFor(recipient)).raw) };
  }

  it("is marked Auto-Submitted: auto-generated, names the severity first in the subject and links to the alert on PUBLIC_URL", async () => {
    process.env.PUBLIC_URL = "https://rampart.example.org/";
    resetEnvForTests();
    const { tenantId, id, mail } = await mailFor("soc-a@example.com", "Critical CVE in openssl", "high");
    expect(mail.headers.get("auto-submitted")).toBe("auto-generated");
    expect(mail.subject).toBe("[High] New alert: Critical CVE in openssl");
    const link = `https://rampart.example.org/alerts?alert=${id}`;
    expect(mail.text).toContain(`Open the alert: ${link}`);
    // The link's page shows that alert alone.
    raiseAlert({ tenantId, source: "vulnerability", severity: "low", title: "Another one" });
    const filter = new URL(link).searchParams.get("alert")!;
    expect(listAlerts(tenantId, 200, { id: filter }).map((a) => a.id)).toEqual([id]);
  });

  it("goes without a link when no public origin is configured, never with one from elsewhere", async () => {
    delete process.env.PUBLIC_URL;
    resetEnvForTests();
    const { mail } = await mailFor("soc-b@example.com", "Exposed admin panel", "critical");
    expect(mail.headers.get("auto-submitted")).toBe("auto-generated");
    expect(mail.subject).toBe("[Critical] New alert: Exposed admin panel");
    expect(mail.text).not.toMatch(/https?:\/\//);
    expect(mail.text).toContain("Severity: Critical");
  });
});
