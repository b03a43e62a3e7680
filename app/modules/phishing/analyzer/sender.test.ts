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
