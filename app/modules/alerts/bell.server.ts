/** The bell's data for the shell loader (app/routes/_app.tsx). */
import { hasFeature } from "~/lib/plans";
import { getTenantContext } from "~/modules/tenants";
import type { BellData } from "./components/alert-bell";
import { bellFor } from "./channels.server";
import { openSevereAlerts } from "./alerts.server";

export async function loadBell(request: Request): Promise<BellData | null> {
  const ctx = await getTenantContext(request);
  if (!ctx?.tenant) return null;
  const { items, unread } = bellFor(ctx.tenant.id, ctx.user.id);
  // Open high and critical alerts show by default; alert rules add their own notifications, they do not enable this.
  const severe = openSevereAlerts(ctx.tenant.id);
  return {
    openAlerts: {
      total: severe.total,
      items: severe.items.map((a) => ({
        id: a.id,
        title: a.title,
        severity: a.severity,
        occurrences: a.occurrences,
        lastSeenAt: new Date(a.lastSeenAt ?? a.createdAt).toISOString(),
      })),
    },
    realtime: hasFeature(ctx.effectivePlan, "realtimeAlerts"),
    unread,
    items: items.map((n) => ({
      id: n.id,
      title: n.title,
      body: n.body,
      createdAt: new Date(n.createdAt).toISOString(),
      read: n.readAt !== null,
    })),
  };
}
