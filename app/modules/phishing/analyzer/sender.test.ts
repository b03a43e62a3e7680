import { describe, expect, it } from "vitest";
import { domainInfo, protectedTargets } from "../domains";
import { brandInDisplayName, brandNamedIn, senderSignals, type SenderInput } from "./sender";
import { collect } from "./test-helpers";

const targets = protectedTargets(["northwindtraders.com"]);
const opts = { orgNames: ["Northwind Traders"], orgAddresses: ["jane.doe@northwindtraders.com"] };
function input(sender: string, senderName = "", extra: Partial<SenderInput> = {}): SenderInput {
  return {
    sender,
    senderName,
    fromInfo: domainInfo(sender.split("@")[1] ?? ""),
    replyTo: null,
    returnPath: null,
    subject: "Hello",
    authenticated: false,
    ...extra,
  };
}

describe("sender stage", () => {
  it("flags a lookalike of a brand's domain", () => {
    const c = collect();
    const facts = senderSignals(input("service@paypa1.com", "PayPal"), opts, targets, c.add);
    expect(facts.senderLookalike?.imitates).toBe("paypal.com");
    expect(c.ids()).toContain("sender-lookalike");
  });

  it("flags a display name naming a brand from someone else's domain, not the brand's own", () => {
    const c = collect();
    senderSignals(input("alerts@secure-mail.example", "PayPal Service"), opts, targets, c.add);
    expect(c.ids()).toContain("display-name-brand");
    const own = collect();
    senderSignals(input("service@paypal.com", "PayPal"), opts, targets, own.add);
    expect(own.ids()).not.toContain("display-name-brand");
  });

  it("flags a colleague's name from an outside address and your organization's name", () => {
    const c = collect();
    senderSignals(input("jane.doe.ceo@gmail.com", "Jane Doe"), opts, targets, c.add);
    expect(c.ids()).toContain("display-name-member");
    const org = collect();
    senderSignals(input("billing@invoices.example", "Northwind Traders Billing"), opts, targets, org.add);
    expect(org.ids()).toContain("display-name-org");
  });

  it("weighs replies to a free-mail address", () => {
    const c = collect();
    senderSignals(input("ceo@company.example", "", { replyTo: "ceo.private@gmail.com" }), opts, targets, c.add);
    expect(c.weight("reply-to-mismatch")).toBe(22);
  });

  it("reads brands in names by whole word and through look-alike letters", () => {
    expect(brandNamedIn("paypaI service")?.name).toBe("paypal");
    expect(brandNamedIn("wells fargo online")?.name).toBe("wellsfargo");
    expect(brandInDisplayName("chase miller")).toBeNull();
    expect(brandInDisplayName("chase online security")?.name).toBe("chase");
  });
});

describe("sender stage: authentication, free mail and mailing lists", () => {
  const ar = (s: string) => ({
    method: s.split("=")[0] as "spf" | "dkim" | "dmarc",
    result: s.split("=")[1]!,
    source: "mx.example.net",
    detail: "",
  });

  it("flags a brand's own domain in From when nothing authenticates it", () => {
    const c = collect();
    senderSignals(
      input("security@paypal.com", "PayPal", {
        auth: [ar("spf=none"), ar("dmarc=none"), { ...ar("dkim=fail"), detail: "header.d=mailer-cheap.example" }],
      }),
      opts,
      targets,
      c.add,
    );
    expect(c.ids()).toEqual(expect.arrayContaining(["brand-domain-unauthenticated", "dkim-foreign-fail"]));
    expect(c.weight("brand-domain-unauthenticated")).toBe(35);
  });

  it("leaves a brand's mail alone when DKIM passes for its domain", () => {
    const c = collect();
    senderSignals(
      input("service@paypal.com", "PayPal", {
        auth: [ar("spf=softfail"), { ...ar("dkim=pass"), detail: "header.d=paypal.com" }],
      }),
      opts,
      targets,
      c.add,
    );
    expect(c.ids()).not.toContain("brand-domain-unauthenticated");
  });

  it("flags a free-mail account presenting itself as an organization, in any language", () => {
    for (const name of ["Security Department", "Atención al Cliente", "Kundenservice"]) {
      const c = collect();
      senderSignals(input("helpdesk.2291@gmail.com", name), opts, targets, c.add);
      expect(c.ids(), name).toContain("free-mail-organization");
    }
    const person = collect();
    senderSignals(input("ana.lopez@gmail.com", "Ana López"), opts, targets, person.add);
    expect(person.ids()).not.toContain("free-mail-organization");
  });

  it("treats a Reply-To that is the mailing list's address as normal", () => {
    const c = collect();
    senderSignals(
      input("tom@example.org", "Tom", {
        replyTo: "dev@lists.example.net",
        list: { id: "dev.lists.example.net", post: "dev@lists.example.net", unsubscribe: true, precedence: "list" },
      }),
      opts,
      targets,
      c.add,
    );
    expect(c.signals).toEqual([expect.objectContaining({ id: "reply-to-list", weight: 0 })]);
  });

  it("does not call a subject naming a brand impersonation when the sender does not claim to be it", () => {
    const c = collect();
    senderSignals(
      input("friend@example.org", "Sam", { subject: "My Steam receipt and the Google doc" }),
      opts,
      targets,
      c.add,
    );
    expect(c.signals).toEqual([]);
  });
});

describe("sender stage: mail re-sent by a mailing list", () => {
  const list = { id: "python-list.python.org", post: "python-list@python.org", unsubscribe: true, precedence: "list" };
  const auth = [
    { method: "spf" as const, result: "pass", source: "mx.example.org", detail: "smtp.mailfrom=python.org" },
    { method: "dkim" as const, result: "fail", source: "mx.example.org", detail: "header.d=fastmail.com" },
    { method: "dmarc" as const, result: "fail", source: "mx.example.org", detail: "header.from=fastmail.com" },
  ];

  it("explains the author's failing DKIM and DMARC as the list's doing when the list's domain authenticates the copy", () => {
    const c = collect();
    senderSignals(input("helen.park@fastmail.com", "Helen Park", { list, auth }), opts, targets, c.add);
    expect(c.signals.map((s) => [s.id, s.weight])).toEqual([["mailing-list-resend", -20]]);
  });

  it("gives no such allowance to List-* headers whose domain nothing authenticates", () => {
    const c = collect();
    const forged = [{ ...auth[0]!, detail: "smtp.mailfrom=bulk-sender.example" }, ...auth.slice(1)];
    senderSignals(input("security@paypal.com", "PayPal", { list, auth: forged }), opts, targets, c.add);
    expect(c.ids()).toContain("brand-domain-unauthenticated");
    expect(c.ids()).not.toContain("mailing-list-resend");
  });
});

describe("sender stage: a brand's domain authenticated only for a mailing service", () => {
  it("weighs an unaligned but passing copy far less than a forged one", () => {
    const c = collect();
    senderSignals(
      input("news@paypal.com", "PayPal", {
        auth: [
          { method: "spf", result: "pass", source: "mx", detail: "smtp.mailfrom=bounces.esp.example" },
          { method: "dkim", result: "pass", source: "mx", detail: "header.d=esp.example" },
          { method: "dmarc", result: "none", source: "mx", detail: "header.from=paypal.com" },
        ],
      }),
      opts,
      targets,
      c.add,
    );
    expect(c.weight("brand-domain-unauthenticated")).toBe(10);
  });
});
