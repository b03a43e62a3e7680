import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { headerAnomalies, looksLikeMessage, parseMessage, receivedDate } from "./parse.server";
import { collect } from "./test-helpers";

const FIXTURES = path.join(__dirname, "..", "fixtures");

describe("parse stage", () => {
  it("reads sender, subject, text and links from a real message", async () => {
    const m = await parseMessage(fs.readFileSync(path.join(FIXTURES, "phishing/02-paypa1-limited.eml")));
    expect(m.sender).toBe("service@paypa1.com");
    expect(m.fromInfo?.domain).toBe("paypa1.com");
    expect(m.subject.length).toBeGreaterThan(0);
    expect(m.bodyText.length).toBeGreaterThan(20);
    expect(m.parseWarning).toBeNull();
  });

  it("keeps HTML links with their visible text and never renders the HTML", async () => {
    const raw = [
      "From: A <a@example.com>",
      "Subject: Links",
      "MIME-Version: 1.0",
      "Content-Type: text/html; charset=utf-8",
      "",
      '<p>Hello</p><a href="https://evil.example/login">www.paypal.com</a><form action="https://evil.example/p"></form><script>alert(1)</script><img src="https://tracker.example/p.gif">',
    ].join("\r\n");
    const m = await parseMessage(raw);
    expect(m.rawLinks).toContainEqual({ href: "https://evil.example/login", text: "www.paypal.com" });
    expect(m.forms).toEqual(["https://evil.example/p"]);
    expect(m.bodyText).not.toContain("<p>");
    expect(m.bodyText).not.toContain("alert(1)");
  });

  it("tells a message from something else", () => {
    expect(looksLikeMessage("From: a@example.com\nSubject: hi\n\nbody")).toBe(true);
    expect(looksLikeMessage("\uFEFF\n\nFrom a@b Mon Jan 1\nReceived: x\n\nbody")).toBe(true);
    expect(looksLikeMessage("just some text")).toBe(false);
  });

  it("reads the delivery date after the last semicolon of a Received header", () => {
    expect(receivedDate("Received: from x by y; Fri, 20 Nov 2026 10:00:00 +0000")?.toISOString()).toBe(
      "2026-11-20T10:00:00.000Z",
    );
    expect(receivedDate("Received: from x by y " + " ".repeat(50_000))).toBeNull();
  });

  it("flags a missing Message-ID and a Date far after delivery", async () => {
    const m = await parseMessage(
      [
        "Received: from mx by mx.example.net; Fri, 20 Nov 2026 10:00:00 +0000",
        "From: a@example.com",
        "Subject: x",
        "Date: Fri, 27 Nov 2026 10:00:00 +0000",
        "",
        "hi",
      ].join("\r\n"),
    );
    const c = collect();
    headerAnomalies(m, new Date("2026-11-22T00:00:00Z"), c.add);
    expect(c.ids()).toEqual(["no-message-id", "date-future"]);
  });
});
