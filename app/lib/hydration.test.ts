import { describe, expect, it } from "vitest";
import { hydratedDocument, pageHydrates, staticDocument } from "./hydration";

const root = { handle: undefined, data: { securityContact: "security@example.com" } };

describe("pageHydrates", () => {
  it("hydrates a page when no matched route says anything", () => {
    expect(pageHydrates([root, { handle: { demo: true } }], { routeError: false })).toBe(true);
  });

  it("a static layout makes its pages static, and a page can opt back in", () => {
    expect(pageHydrates([root, { handle: staticDocument }, { handle: undefined }], { routeError: false })).toBe(false);
    expect(pageHydrates([root, { handle: staticDocument }, { handle: hydratedDocument }], { routeError: false })).toBe(
      true,
    );
    expect(pageHydrates([root, { handle: hydratedDocument }, { handle: staticDocument }], { routeError: false })).toBe(
      false,
    );
  });

  it("a rule reads its own route's loader data", () => {
    const shell = { hydrate: (data: unknown) => (data as { signedIn: boolean }).signedIn };
    expect(
      pageHydrates([root, { handle: shell, data: { signedIn: false } }, { handle: {} }], { routeError: false }),
    ).toBe(false);
    expect(
      pageHydrates([root, { handle: shell, data: { signedIn: true } }, { handle: {} }], { routeError: false }),
    ).toBe(true);
  });

  it("an error screen always hydrates: its Retry and Reload buttons need the runtime", () => {
    expect(pageHydrates([root, { handle: staticDocument }], { routeError: true })).toBe(true);
  });

  it("a rule that cannot read the data hydrates rather than leave a page without its scripts", () => {
    const fragile = { hydrate: (data: unknown) => (data as { signedIn: boolean }).signedIn };
    expect(pageHydrates([root, { handle: fragile, data: undefined }], { routeError: false })).toBe(true);
  });

  it("ignores handles that are not objects or carry something other than a rule", () => {
    expect(
      pageHydrates([{ handle: "static" }, { handle: { hydrate: "no" } }, { handle: null }], { routeError: false }),
    ).toBe(true);
  });
});
