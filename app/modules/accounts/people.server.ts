/**
 * People by id, for the modules that record who did something (they keep only user ids: the accounts module owns
 * the users table). One query for a page's worth of ids.
 */
import { inArray } from "drizzle-orm";
import { users } from "./schema";
import { db } from "~/lib/db.server";

/** The e-mail address of each known user among `ids` (unknown and null ids are left out). */
export function userEmails(ids: Iterable<string | null | undefined>): Map<string, string> {
  const wanted = [...new Set([...ids].filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  return new Map(
    db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, wanted))
      .all()
      .map((u) => [u.id, u.email]),
  );
}

/** One user's e-mail address, or null when there is no such user. */
export function userEmail(id: string | null | undefined): string | null {
  return id ? (userEmails([id]).get(id) ?? null) : null;
}
