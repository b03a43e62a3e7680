// The secret box (issue 33): what seal() makes, open() reads back; nothing readable in the box; an altered box or
// one sealed under another key is refused, never decrypted to garbage.
import { afterEach, describe, expect, it } from "vitest";
import { open, seal, SecretBoxError } from "./secret-box.server";

const original = process.env.SESSION_SECRET;
afterEach(() => {
  if (original === undefined) delete process.env.SESSION_SECRET;
  else process.env.SESSION_SECRET = original;
});

describe("secret box", () => {
  it("round-trips, with a fresh IV each time and no plaintext in the box", () => {
    const a = seal("JBSWY3DPEHPK3PXP");
    const b = seal("JBSWY3DPEHPK3PXP");
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(a).not.toContain("JBSWY3DPEHPK3PXP");
    expect(open(a)).toBe("JBSWY3DPEHPK3PXP");
    expect(open(seal(""))).toBe("");
    expect(open(seal("ünïcødé ✓"))).toBe("ünïcødé ✓");
  });

  it("refuses an altered box and anything that is not one", () => {
    const box = seal("client-secret");
    const raw = Buffer.from(box.slice(3), "base64url");
    raw[raw.length - 1] ^= 1;
    expect(() => open(`v1.${raw.toString("base64url")}`)).toThrow(SecretBoxError);
    for (const bad of ["", "v1.", "v2.abc", "plain text", "v1.AAAA"]) expect(() => open(bad)).toThrow(SecretBoxError);
  });
});
