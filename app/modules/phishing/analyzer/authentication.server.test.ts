import { describe, expect, it } from "vitest";
import { authenticationVerdicts, parseAuthResults } from "./authentication.server";
import { domainInfo } from "../domains";
import { loadMailLibs } from "./parse.server";
import { collect } from "./test-helpers";

describe("authentication stage", () => {
  it("parses Authentication-Results with an authserv-id and comments", () => {
    const ar = parseAuthResults(
      "Authentication-Results: mx.google.com; dkim=pass (2048-bit key) header.i=@shop.example; spf=softfail (domain of x does not designate) smtp.mailfrom=x.example; dmarc=fail (p=REJECT sp=REJECT dis=NONE) header.from=bank.example",
    );
    expect(ar?.server).toBe("mx.google.com");
    expect(ar?.results.dkim).toMatchObject({ result: "pass", detail: "header.i=@shop.example" });
    expect(ar?.results.spf?.result).toBe("softfail");
    expect(ar?.results.dmarc?.result).toBe("fail");
  });

  it("parses Microsoft 365's form without an authserv-id", () => {
    const ar = parseAuthResults(
      "Authentication-Results: spf=pass (sender IP is 1.2.3.4) smtp.mailfrom=a.example; dkim=none",
    );
    expect(ar?.server).toBe("the receiving server");
    expect(ar?.results.spf?.result).toBe("pass");
  });

  it("reads an unclosed comment of 300 KB in linear time", () => {
    const cpu = process.cpuUsage();
    const ar = parseAuthResults(`Authentication-Results: mx.example.net; dkim=pass ${"(".repeat(300_000)}`);
    const used = process.cpuUsage(cpu);
    // CPU time: the old pattern took about 50 s here.
    expect((used.user + used.system) / 1000).toBeLessThan(500);
    expect(ar?.results.dkim?.result).toBe("pass");
  });

  it("weighs a DMARC failure under a reject policy more than one without", async () => {
    await loadMailLibs();
    const line = (policy: string) => ({
      key: "authentication-results",
      line: `Authentication-Results: mx.example.net; spf=fail smtp.mailfrom=evil.example; dmarc=fail (p=${policy}) header.from=bank.example`,
    });
    const strict = collect();
    const auth = await authenticationVerdicts(
      Buffer.from(""),
      [line("REJECT")],
      { orgDomains: [] },
      domainInfo("bank.example"),
      strict.add,
    );
    expect(auth.map((a) => `${a.method}=${a.result}`)).toEqual(["spf=fail", "dmarc=fail"]);
    expect(strict.weight("dmarc")).toBe(25);
    expect(strict.weight("spf")).toBe(12);
    const lax = collect();
    await authenticationVerdicts(
      Buffer.from(""),
      [line("NONE")],
      { orgDomains: [] },
      domainInfo("bank.example"),
      lax.add,
    );
    expect(lax.weight("dmarc")).toBe(18);
  });
});
