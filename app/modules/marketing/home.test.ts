import { describe, expect, test } from "vitest";
import { createSession } from "~/modules/accounts/session.server";
import { createUser } from "~/modules/accounts/accounts.server";
import { loader, meta } from "~/routes/_app._index";

const CTX = { clientIp: "198.51.100.20" };

async function load(cookie?: string) {
  const request = new Request("http://rampart.test/", { headers: cookie ? { Cookie: cookie } : {} });
  return loader({ request, context: CTX, params: {} } as never);
}

describe("/", () => {
  test("signed out: the landing page, with its canonical URL and Open Graph url on the request's origin", async () => {
    const data = await load();
    expect(data).toEqual({ mode: "landing", origin: "http://rampart.test" });
    const tags = meta({ data, matches: [{ id: "routes/_app._index", data }] } as never) as Record<string, string>[];
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "http://rampart.test/" });
    expect(tags).toContainEqual({ property: "og:url", content: "http://rampart.test/" });
    expect(tags.find((t) => "title" in t)?.title).toBe("Rampart — security monitoring for people and organizations");
    expect(tags.find((t) => t.name === "description")?.content).toMatch(/breached accounts/);
  });

  test("signed in: the dashboard's data and title", async () => {
    const { user, tenantId } = await createUser(`home-${Date.now()}@example.com`, "a long enough passphrase 1");
    const cookie = (
      await createSession(new Request("http://rampart.test/login"), user.id, { selectedTenantId: tenantId })
    ).split(";")[0]!;
    const data = await load(cookie);
    expect(data.mode).toBe("dashboard");
    expect(meta({ data, matches: [] } as never)).toEqual([{ title: "Dashboard · Rampart" }]);
  });

  test("an error screen on / keeps the site title, not the landing page's canonical URL", () => {
    expect(meta({ data: undefined, matches: [], error: new Error("boom") } as never)).toEqual([{ title: "Rampart" }]);
  });
});
