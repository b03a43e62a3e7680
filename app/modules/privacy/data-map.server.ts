/**
 * The data map: the systems that hold personal data, with their owner, the
 * categories of data, where the data lives and how long it is kept. Each
 * system names the request types it is in scope for; a new request gets one
 * checklist task per system in scope (requests.server.ts).
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { privacySystems } from "./schema";
import { db } from "~/lib/db.server";
import type { RequestType } from "./types";
import type { SystemInput } from "./validation";

export const SYSTEMS_MAX = 200;

export type SystemView = {
  id: string;
  name: string;
  owner: string;
  dataCategories: string[];
  location: string;
  retention: string;
  requestTypes: RequestType[];
};

export function listSystems(tenantId: string): SystemView[] {
  return db
    .select()
    .from(privacySystems)
    .where(eq(privacySystems.tenantId, tenantId))
    .orderBy(asc(privacySystems.name))
    .all()
    .map((s) => ({
      id: s.id,
      name: s.name,
      owner: s.owner,
      dataCategories: s.dataCategories,
      location: s.location,
      retention: s.retention,
      requestTypes: s.requestTypes as RequestType[],
    }));
}

export class DataMapError extends Error {}

export function addSystem(tenantId: string, input: SystemInput): SystemView {
  const id = randomUUID();
  db.transaction(
    () => {
      const n = db
        .select({ id: privacySystems.id })
        .from(privacySystems)
        .where(eq(privacySystems.tenantId, tenantId))
        .all().length;
      if (n >= SYSTEMS_MAX) throw new DataMapError(`A data map holds at most ${SYSTEMS_MAX} systems`);
      db.insert(privacySystems)
        .values({ id, tenantId, ...input, dataCategories: [...new Set(input.dataCategories)] })
        .run();
    },
    { behavior: "immediate" },
  );
  return listSystems(tenantId).find((s) => s.id === id)!;
}

/** Removes a system from the map; existing checklist tasks keep its name. */
export function removeSystem(tenantId: string, id: string): boolean {
  return (
    db
      .delete(privacySystems)
      .where(and(eq(privacySystems.tenantId, tenantId), eq(privacySystems.id, id)))
      .run().changes > 0
  );
}
