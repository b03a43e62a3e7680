import { describe, expect, it } from "vitest";
import { addressIn, domainsNamedIn, stripBracketed, stripComments, tidyLines, trimEnd } from "./text";

describe("text helpers", () => {
  it("strips RFC 5322 comments, nested and unclosed", () => {
    expect(stripComments("pass (good (nested) sig) header.d=x.com")).toBe("pass   header.d=x.com");
    expect(stripComments("pass header.d=x.com (never closed ((((")).toBe("pass header.d=x.com  ");
  });
  it("trims trailing punctuation from a link", () => {
    expect(trimEnd("https://a.example/x).,", ".,;:!?)")).toBe("https://a.example/x");
    expect(trimEnd("....", ".")).toBe("");
  });
  it("finds the domains a text names, not file names", () => {
    const named = domainsNamedIn("Go to https://www.paypal.com/signin or read report.pdf, then amazon.co.uk.");
    expect(named.map((d) => d.domain)).toEqual(["paypal.com", "amazon.co.uk"]);
    expect(domainsNamedIn("a.".repeat(5000))).toEqual([]);
  });
  it("reads an address out of a header value", () => {
    expect(addressIn('"PayPal" <service@paypa1.com>')).toEqual({ address: "service@paypa1.com", name: "PayPal" });
    expect(addressIn("bob@example.com (Bob)")).toEqual({ address: "bob@example.com", name: "(Bob)" });
    expect(addressIn("no address here")).toBeNull();
  });
  it("tidies lines and removes bracketed link targets", () => {
    expect(tidyLines("a   \n\n\n\nb\t\n")).toBe("a\n\nb");
    expect(stripBracketed("Sign in [https://x.example] now [unclosed")).toBe("Sign in   now ");
  });
});
