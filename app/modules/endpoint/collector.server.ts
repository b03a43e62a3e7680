/**
 * The collector's report (scripts/collector/): hosts without osquery post the same inventory with an API token
 * scoped `endpoints:write`. Validated with zod, capped, and judged by the policies that can be read from it.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { endpointHosts } from "./schema";
import {
  EMPTY_POSTURE,
  EndpointError,
  evaluateInventory,
  osEcosystem,
  recordPolicyResults,
  replacePackages,
} from "./hosts.server";
import { POLICY_BY_ID, policyPlatform } from "./policies";
import { db } from "~/lib/db.server";

const text = (max: number) => z.string().trim().min(1).max(max);
const flag = z.boolean().nullable().optional();

export const InventorySchema = z.object({
  hostId: text(255),
  hostname: text(255),
  platform: z.enum(["linux", "darwin", "windows"]),
  os: z.object({
    name: z.string().trim().max(100).nullable().optional(),
    version: z.string().trim().max(100).nullable().optional(),
  }),
  packages: z
    .array(z.object({ name: text(300), version: text(200), source: z.enum(["deb", "rpm", "apk", "programs", "apps"]) }))
    .max(50_000, "At most 50,000 packages"),
  users: z
    .array(z.object({ name: text(200), uid: z.number().int().nullable().optional(), admin: z.boolean().optional() }))
    .max(5_000)
    .nullable()
    .optional(),
  listeningPorts: z
    .array(
      z.object({
        port: z.number().int().min(0).max(65535),
        protocol: z.string().max(10),
        address: z.string().max(100),
        process: z.string().max(200).nullable().optional(),
      }),
    )
    .max(5_000)
    .nullable()
    .optional(),
  diskEncryption: flag,
  firewall: flag,
  screenLock: flag,
  autoUpdate: flag,
  agentVersion: z.string().max(50).optional(),
});
export type InventoryInput = z.input<typeof InventorySchema>;

export function reportInventory(tenantId: string, raw: unknown, now = Date.now()) {
  const r = InventorySchema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new EndpointError(`${issue.path.join(".") || "body"}: ${issue.message}`, {
      field: String(issue.path[0] ?? "body"),
    });
  }
  const inv = r.data;
  const posture = {
    ...EMPTY_POSTURE,
    diskEncryption: inv.diskEncryption ?? null,
    firewall: inv.firewall ?? null,
    screenLock: inv.screenLock ?? null,
    autoUpdate: inv.autoUpdate ?? null,
    users: inv.users?.map((u) => ({ name: u.name, uid: u.uid ?? null, admin: u.admin ?? u.uid === 0 })) ?? null,
    listeningPorts: inv.listeningPorts?.map((p) => ({ ...p, process: p.process ?? null })) ?? null,
  };
  const who = {
    hostname: inv.hostname,
    platform: inv.platform,
    osName: inv.os.name ?? null,
    osVersion: inv.os.version ?? null,
    agentVersion: inv.agentVersion ?? "collector",
  };
  const existing = db
    .select({ id: endpointHosts.id })
    .from(endpointHosts)
    .where(
      and(
        eq(endpointHosts.tenantId, tenantId),
        eq(endpointHosts.source, "collector"),
        eq(endpointHosts.hostIdentifier, inv.hostId),
      ),
    )
    .get();
  const hostId = existing?.id ?? randomUUID();
  if (existing)
    db.update(endpointHosts)
      .set({ ...who, posture, lastSeenAt: now, inventoryAt: now, revokedAt: null })
      .where(eq(endpointHosts.id, hostId))
      .run();
  else
    db.insert(endpointHosts)
      .values({
        id: hostId,
        tenantId,
        source: "collector",
        hostIdentifier: inv.hostId,
        ...who,
        posture,
        enrolledAt: now,
        lastSeenAt: now,
        inventoryAt: now,
      })
      .run();
  const bySource = new Map<string, { name: string; version: string }[]>();
  for (const p of inv.packages) {
    const list = bySource.get(p.source) ?? [];
    list.push({ name: p.name, version: p.version });
    bySource.set(p.source, list);
  }
  let packages = 0;
  for (const [source, list] of bySource)
    packages += replacePackages(tenantId, hostId, source, list, osEcosystem(source, who.osName, who.osVersion));
  const answers = evaluateInventory({
    platform: policyPlatform(inv.platform),
    osName: who.osName,
    osVersion: who.osVersion,
    posture,
    packages: inv.packages.map((p) => ({ name: p.name, source: p.source })),
  });
  recordPolicyResults(tenantId, hostId, answers, now);
  return {
    id: hostId,
    hostname: inv.hostname,
    packages,
    policies: answers.map((a) => ({
      id: a.policyId,
      name: POLICY_BY_ID.get(a.policyId)!.name,
      status: a.passing ? ("pass" as const) : ("fail" as const),
    })),
  };
}
