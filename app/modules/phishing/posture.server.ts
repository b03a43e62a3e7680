/**
 * The phishing analyzer's posture contribution (issue 31) and usage figures, from its own table. A caught message
 * is recorded as a finding but weighs on no action: catching phishing never lowers the score.
 */
import { eq } from "drizzle-orm";
import { phishingItems } from "./schema";
import { db } from "~/lib/db.server";
import { countSince } from "~/lib/count-since.server";
import { plural } from "~/lib/plural";
import type { Contribution } from "~/modules/posture";
import { analysedMessageCountSince } from "./reads.server";

/**
 * The same message analysed again is one finding (same Message-ID, sender and subject; or, without a
 * Message-ID, the same sender, subject and text), whatever rows earlier versions stored for it.
 */
export function messageKey(m: {
  messageId: string | null;
  sender: string;
  subject: string;
  bodyText: string | null;
}): string {
  return m.messageId
    ? `id\u0000${m.messageId}\u0000${m.sender}\u0000${m.subject}`
    : `text\u0000${m.sender}\u0000${m.subject}\u0000${m.bodyText ?? ""}`;
}

export function phishingContribution(tenantId: string): Contribution {
  const rows = db
    .select({
      id: phishingItems.id,
      risk: phishingItems.risk,
      status: phishingItems.status,
      subject: phishingItems.subject,
      sender: phishingItems.sender,
      messageId: phishingItems.messageId,
      bodyText: phishingItems.bodyText,
      createdAt: phishingItems.createdAt,
    })
    .from(phishingItems)
    .where(eq(phishingItems.tenantId, tenantId))
    .orderBy(phishingItems.createdAt)
    .all();
  const since = rows[0]?.createdAt ?? null;
  const byMessage = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    const k = messageKey(r);
    const seen = byMessage.get(k);
    // One finding per message: quarantined when any copy is, found when first analysed.
    if (!seen) byMessage.set(k, r);
    else if (r.status === "quarantined") byMessage.set(k, { ...seen, status: "quarantined" });
  }
  const messages = [...byMessage.values()];
  return {
    coverage: {
      module: "phishing",
      label: "Phishing Analyzer",
      href: "/phishing",
      assessed: rows.length > 0,
      since,
      statement:
        rows.length === 0
          ? "Not assessed: no message has been analysed yet."
          : `${plural(messages.length, "message")} analysed.`,
    },
    findings: messages
      .filter((m) => m.risk !== "low")
      .map((m) => ({
        key: `phishing:${m.id}`,
        module: "phishing" as const,
        // A caught message is the screening working: recorded as a finding, never weighed against the score.
        action: null,
        title: `Phishing message: ${m.subject}`,
        severity: m.risk === "high" ? ("high" as const) : ("medium" as const),
        state: m.status === "quarantined" ? ("resolved" as const) : ("open" as const),
        foundAt: m.createdAt,
        closedAt: null,
      })),
    actions: [
      {
        id: "screen-mail",
        module: "phishing",
        title: "Screen suspicious mail",
        points: 5,
        href: "/phishing",
        fraction: 1,
        how: "Paste suspicious e-mails into the analyzer and quarantine the dangerous ones.",
      },
    ],
  };
}

/** Messages analysed since `since` (null: ever), and how many of those are quarantined. */
export function phishingUsageSince(tenantId: string, since: number | null) {
  return {
    analysed: analysedMessageCountSince(tenantId, since),
    quarantined: countSince(
      phishingItems,
      tenantId,
      phishingItems.createdAt,
      since,
      eq(phishingItems.status, "quarantined"),
    ),
  };
}
