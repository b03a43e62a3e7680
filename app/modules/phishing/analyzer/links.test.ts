import { describe, expect, it } from "vitest";
import { domainInfo, protectedTargets } from "../domains";
import { analyzeLinks, formAndScriptSignals, unwrapRedirect } from "./links";
import { collect } from "./test-helpers";

const targets = protectedTargets(["northwindtraders.com"]);

describe("links stage", () => {
  it("judges each link's real target", () => {
    const c = collect();
    const links = analyzeLinks(
      [
        { href: "http://185.23.4.9/login", text: "" },
        { href: "https://bit.ly/3xyz", text: "Track parcel" },
        { href: "https://paypal.com.account-verify.top/x", text: "" },
        { href: "javascript:alert(1)", text: "Open" },
      ],
      targets,
      domainInfo("sender.example"),
      c.add,
    );
    expect(c.ids()).toEqual(expect.arrayContaining(["ip-link", "shortener", "subdomain-brand", "tld", "script-link"]));
    expect(links).toHaveLength(4);
  });

  it("flags text that shows one domain while the link goes to another", () => {
    const c = collect();
    analyzeLinks([{ href: "https://evil.example/signin", text: "www.paypal.com" }], targets, null, c.add);
    expect(c.weight("text-href")).toBe(35);
  });

  it("unwraps known redirectors to judge the destination", () => {
    const u = unwrapRedirect(new URL("https://www.google.com/url?q=https://evil.example/x"));
    expect(u?.hostname).toBe("evil.example");
    expect(unwrapRedirect(new URL("https://www.google.com/search?q=x"))).toBeNull();
  });

  it("flags forms and scripts in the HTML", () => {
    const c = collect();
    formAndScriptSignals(["https://evil.example/collect"], 2, c.add);
    expect(c.ids()).toEqual(["html-form", "html-script"]);
  });
});
