// /logs and Settings → API tokens through their loaders and actions (plain form posts, as without JavaScript):
// search errors shown by field, retention by owners only, token creation shown once, the teaser/upgrade gate.
import { describe, expect, it } from "vitest";
import { createInvitation, acceptInvitation } from "~/modules/tenants";
import { setTenantPlan } from "~/modules/tenants";
import * as logsRoute from "~/routes/_app.logs";
import * as settingsRoute from "~/routes/_app.settings";
import * as settingsTokens from "~/routes/_app.settings.tokens";
import { req, settle, signedInUser } from "../../../tests/unit/helpers";

type Args = Parameters<typeof logsRoute.action>[0];
const args = (request: Request) => ({ request, params: {}, context: {} }) as unknown as Args;
const form = (path: string, fields: [string, string][], cookie: string) =>
  req(path, {
    method: "POST",
    cookie,
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });

describe("/logs", () => {
  it("needs the business plan, and shows a query error next to the search box", async () => {
    const u = await signedInUser();
    const free = await settle(() => logsRoute.loader(args(req("/logs", { cookie: u.cookie }))));
    expect(free.status).toBe(403);
    setTenantPlan(u.tenantId, "business");
    const bad = await (await settle(() => logsRoute.loader(args(req("/logs?q=(oops", { cookie: u.cookie }))))).json();
    expect(bad.errors.q).toBe("A parenthesis is not closed");
    const custom = await (
      await settle(() =>
        logsRoute.loader(
          args(req("/logs?range=custom&from=2026-03-10T10:00&to=2026-03-09T10:00", { cookie: u.cookie })),
        ),
      )
    ).json();
    expect(custom.errors.to).toBe("The end must be after the start");
    expect(custom.quota).toMatchObject({ used: 0, exceeded: false });
  });

  it("lets owners set retention with field errors, and refuses members", async () => {
    const owner = await signedInUser();
    setTenantPlan(owner.tenantId, "business");
    const bad = await settle(() =>
      logsRoute.action(
        args(
          form(
            "/logs",
            [
              ["intent", "retention"],
              ["days", "0"],
            ],
            owner.cookie,
          ),
        ),
      ),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.days).toBe("At least 1 day");
    const ok = await settle(() =>
      logsRoute.action(
        args(
          form(
            "/logs",
            [
              ["intent", "retention"],
              ["days", "90"],
            ],
            owner.cookie,
          ),
        ),
      ),
    );
    expect((await ok.json()).ok).toBe("Events are now kept for 90 days after receipt.");
    const member = await signedInUser();
    setTenantPlan(member.tenantId, "pro"); // a free account is at its one-organization limit
    const inv = createInvitation(owner.tenantId, "member", owner.user.id);
    acceptInvitation(inv.token, member.user.id);
    const asMember = form(
      "/logs",
      [
        ["intent", "retention"],
        ["days", "5"],
      ],
      member.cookie,
    );
    asMember.headers.set("X-Tenant-Id", owner.tenantId);
    const refused = await settle(() => logsRoute.action(args(asMember)));
    expect(refused.status).toBe(403);
    expect((await refused.json()).errors.form).toBe("Only owners and admins change log retention.");
  });
});

describe("Settings → API tokens", () => {
  it("creates a token shown once with a plain form, with field errors for missing scopes", async () => {
    const u = await signedInUser();
    setTenantPlan(u.tenantId, "business");
    const none = await settle(() =>
      settingsRoute.action(
        args(
          form(
            "/settings",
            [
              ["intent", "create-token"],
              ["tokenName", "ci"],
            ],
            u.cookie,
          ),
        ),
      ),
    );
    expect(none.status).toBe(400);
    expect((await none.json()).errors.scopes).toBe("Choose at least one scope");
    const made = await settle(() =>
      settingsRoute.action(
        args(
          form(
            "/settings",
            [
              ["intent", "create-token"],
              ["tokenName", "ci"],
              ["scopes", "read"],
            ],
            u.cookie,
          ),
        ),
      ),
    );
    const body = await made.json();
    expect(body.token).toMatch(/^rmp_/);
    const page = await (
      await settle(() => settingsTokens.loader(args(req("/settings/tokens", { cookie: u.cookie }))))
    ).json();
    expect(page.apiTokens.tokens).toHaveLength(1);
    expect(JSON.stringify(page)).not.toContain(body.token);
  });
});
