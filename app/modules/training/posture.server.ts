/**
 * Training Management's posture contribution (issue 31), from the module's own tables:
 * - the last phishing simulation that sent mail: its action earns its points in the share of recipients who
 *   neither clicked nor submitted; each person who clicked or submitted is a finding, resolved once they completed
 *   the course that click assigned them;
 * - course completion: the share of assignments completed among those completed or past due; each overdue
 *   assignment is a finding.
 * A simulation older than SIMULATION_MAX_AGE_MS says nothing about how people would react today (awareness
 * programmes run at least yearly), so it is not judged; with neither a recent simulation nor an assignment the
 * module is "not assessed".
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { plural } from "~/lib/plural";
import type { Contribution, ImprovementActionDef, PostureFinding } from "~/modules/posture";
import { findCourse } from "./courses";
import { trainingAssignments, trainingCampaigns, trainingRecipients } from "./schema";

export const SIMULATION_MAX_AGE_MS = 365 * 86_400_000;

const pct = (n: number, d: number) => `${Math.round((100 * n) / d)}%`;

export function trainingContribution(tenantId: string, now = Date.now()): Contribution {
  // The last campaign that has sent at least one mail.
  const last = db
    .select({ id: trainingCampaigns.id, name: trainingCampaigns.name, launchAt: trainingCampaigns.launchAt })
    .from(trainingCampaigns)
    .innerJoin(trainingRecipients, eq(trainingRecipients.campaignId, trainingCampaigns.id))
    .where(and(eq(trainingCampaigns.tenantId, tenantId), isNotNull(trainingRecipients.sentAt)))
    .orderBy(desc(trainingCampaigns.launchAt))
    .limit(1)
    .get();
  const campaign = last && now - last.launchAt <= SIMULATION_MAX_AGE_MS ? last : null;
  const assignments = db.select().from(trainingAssignments).where(eq(trainingAssignments.tenantId, tenantId)).all();
  const findings: PostureFinding[] = [];
  const actions: ImprovementActionDef[] = [];

  if (campaign) {
    const recipients = db
      .select()
      .from(trainingRecipients)
      .where(and(eq(trainingRecipients.tenantId, tenantId), eq(trainingRecipients.campaignId, campaign.id)))
      .all()
      .filter((r) => r.sentAt !== null);
    const fell = recipients.filter((r) => r.clickedAt !== null || r.submittedAt !== null);
    const submitted = fell.filter((r) => r.submittedAt !== null).length;
    for (const r of fell) {
      const course = assignments.find((a) => a.campaignId === campaign.id && a.email === r.email);
      const done = course?.completedAt ?? null;
      findings.push({
        key: `training:${r.id}`,
        module: "training",
        action: "resist-phishing-simulation",
        title: `${r.email} ${r.submittedAt ? "submitted the form" : "clicked the link"} in "${campaign.name}"`,
        severity: r.submittedAt ? "high" : "medium",
        state: done ? "resolved" : "open",
        foundAt: (r.submittedAt ?? r.clickedAt)!,
        closedAt: done,
      });
    }
    actions.push({
      id: "resist-phishing-simulation",
      module: "training",
      title: "Fewer people clicking simulated phishing",
      points: 10,
      // The campaign's results: who clicked, per department, and the courses their clicks assigned.
      href: `/training-management/campaigns/${campaign.id}`,
      fraction: (recipients.length - fell.length) / recipients.length,
      measure: `Last simulation: ${fell.length} of ${plural(recipients.length, "recipient")} clicked (${pct(fell.length, recipients.length)}), ${submitted} submitted the form (${pct(submitted, recipients.length)}).`,
      how: "Have everyone who clicked complete the assigned course, then run the next simulation.",
    });
  }

  const overdue = assignments.filter((a) => a.completedAt === null && a.dueAt < now);
  const completed = assignments.filter((a) => a.completedAt !== null);
  for (const a of [...overdue, ...completed.filter((c) => c.completedAt! > c.dueAt)])
    findings.push({
      key: `training:assignment:${a.id}`,
      module: "training",
      action: "complete-training",
      title: `"${findCourse(a.courseId)?.title ?? "A course"}" ${a.completedAt === null ? "is overdue" : "was completed late"} for ${a.email}`,
      severity: "low",
      state: a.completedAt === null ? "open" : "resolved",
      foundAt: a.dueAt,
      closedAt: a.completedAt,
    });
  // Assignments not yet due and not completed are neither done nor late: they do not count yet.
  if (overdue.length + completed.length)
    actions.push({
      id: "complete-training",
      module: "training",
      title: "Complete assigned security courses",
      points: 5,
      href: "/training-management#assignments",
      fraction: completed.length / (overdue.length + completed.length),
      measure: `${completed.length} of ${plural(overdue.length + completed.length, "assignment")} due so far completed (${pct(completed.length, overdue.length + completed.length)}).`,
      how: "Remind the people with overdue courses; each completes it through the link in their e-mail.",
    });

  const assessed = actions.length > 0;
  const firstSent = campaign ? campaign.launchAt : Infinity;
  const firstDue = Math.min(Infinity, ...assignments.map((a) => Math.min(a.createdAt, a.dueAt)));
  return {
    coverage: {
      module: "training",
      label: "Training Management",
      href: "/training-management",
      assessed,
      since: assessed ? Math.min(firstSent, firstDue) : null,
      statement: assessed
        ? [
            campaign ? `The last phishing simulation ("${campaign.name}") measured.` : null,
            overdue.length + completed.length
              ? `${plural(overdue.length + completed.length, "course assignment")} due or done tracked.`
              : null,
          ]
            .filter(Boolean)
            .join(" ")
        : last
          ? "Not assessed: the last phishing simulation is more than a year old and no course is due yet."
          : "Not assessed: no phishing simulation has been sent and no course assignment is due yet.",
    },
    findings,
    actions,
  };
}
