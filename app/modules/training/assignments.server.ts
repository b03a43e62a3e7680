/**
 * Course assignments: by hand (members or any address) or automatically when someone clicks or submits in a
 * simulation. Each has a tokened link, so a person who is not a member takes the course without an account;
 * completion and the quiz score are stored per person. Reminders go out by e-mail from a daily durable job.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, lt } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { sendMail } from "~/lib/mailer.server";
import { linkOrigin } from "~/lib/public-origin.server";
import { listMembers } from "~/modules/tenants";
import { findCourse, PASS_SCORE, scoreQuiz } from "./courses";
import { newToken, TrainingError } from "./campaigns.server";
import { trainingAssignments } from "./schema";

const DAY = 86_400_000;
export const DEFAULT_DUE_DAYS = 14;
export const REMINDER_JOB = "training-reminders";

type Assignee = { email: string; name?: string; userId?: string | null };

/** Assigns a course to one person; answers the existing assignment when they already have it. */
export function assignCourse(
  tenantId: string,
  courseId: string,
  who: Assignee,
  opts: { dueAt: number; campaignId?: string | null; createdBy?: string | null },
): { id: string; token: string; created: boolean } {
  const email = who.email.toLowerCase();
  const existing = db
    .select({ id: trainingAssignments.id, token: trainingAssignments.token })
    .from(trainingAssignments)
    .where(
      and(
        eq(trainingAssignments.tenantId, tenantId),
        eq(trainingAssignments.courseId, courseId),
        eq(trainingAssignments.email, email),
      ),
    )
    .get();
  if (existing) return { ...existing, created: false };
  const id = randomUUID();
  const token = newToken();
  db.insert(trainingAssignments)
    .values({
      id,
      tenantId,
      courseId,
      email,
      name: (who.name ?? "").slice(0, 120),
      userId: who.userId ?? null,
      token,
      dueAt: opts.dueAt,
      campaignId: opts.campaignId ?? null,
      createdBy: opts.createdBy ?? null,
    })
    .run();
  return { id, token, created: true };
}

/** Assigns a course to members (by id) and addresses; answers how many were new. */
export function assignCourseToMany(
  tenantId: string,
  userId: string,
  input: { courseId: string; memberIds: string[]; emails: string[]; dueAt: number },
): number {
  if (!findCourse(input.courseId)) throw new TrainingError("Choose a course from the list.", { field: "courseId" });
  const members = listMembers(tenantId);
  const people: Assignee[] = [
    ...members.filter((m) => input.memberIds.includes(m.userId)).map((m) => ({ email: m.email, userId: m.userId })),
    ...input.emails.map((email) => ({
      email,
      userId: members.find((m) => m.email.toLowerCase() === email.toLowerCase())?.userId ?? null,
    })),
  ];
  if (!people.length)
    throw new TrainingError("Choose at least one member or enter an address.", { field: "assignees" });
  if (people.length > 1000) throw new TrainingError("At most 1000 people at once.", { field: "assignees" });
  return db.transaction(
    () =>
      people.filter((p) => assignCourse(tenantId, input.courseId, p, { dueAt: input.dueAt, createdBy: userId }).created)
        .length,
  );
}

export function listAssignments(tenantId: string) {
  return db
    .select()
    .from(trainingAssignments)
    .where(eq(trainingAssignments.tenantId, tenantId))
    .orderBy(asc(trainingAssignments.dueAt))
    .limit(2000)
    .all()
    .map((a) => ({
      id: a.id,
      courseTitle: findCourse(a.courseId)?.title ?? a.courseId,
      email: a.email,
      name: a.name,
      userId: a.userId,
      token: a.token,
      dueAt: a.dueAt,
      completedAt: a.completedAt,
      score: a.score,
      passed: a.score !== null && a.score >= PASS_SCORE,
      fromCampaign: !!a.campaignId,
    }));
}

/** The course behind a tokened link (any organization's; the token is the secret), or null. */
export function assignmentByToken(token: string) {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const a = db.select().from(trainingAssignments).where(eq(trainingAssignments.token, token)).get();
  const course = a ? findCourse(a.courseId) : undefined;
  return a && course ? { assignment: a, course } : null;
}

/** Records the quiz: completion and score. Answers the score and whether it passed. */
export function completeAssignment(token: string, answers: (number | null)[], now = Date.now()) {
  const found = assignmentByToken(token);
  if (!found) return null;
  const score = scoreQuiz(found.course, answers);
  db.update(trainingAssignments)
    .set({ completedAt: now, score })
    .where(eq(trainingAssignments.id, found.assignment.id))
    .run();
  return { score, passed: score >= PASS_SCORE, tenantId: found.assignment.tenantId, assignmentId: found.assignment.id };
}

/**
 * Mails a reminder for every unfinished assignment due within two days or overdue, at most one per assignment
 * per three days. The claim (reminderSentAt) is written before the mail: a crash never sends a second one at once.
 */
export async function sendDueReminders(now = Date.now()): Promise<number> {
  const origin = linkOrigin();
  if (!origin) return 0;
  const due = db
    .select()
    .from(trainingAssignments)
    .where(and(isNull(trainingAssignments.completedAt), lt(trainingAssignments.dueAt, now + 2 * DAY)))
    .limit(200)
    .all()
    .filter((a) => a.reminderSentAt === null || a.reminderSentAt < now - 3 * DAY);
  let sent = 0;
  for (const a of due) {
    const claimed = db
      .update(trainingAssignments)
      .set({ reminderSentAt: now })
      .where(
        and(
          eq(trainingAssignments.id, a.id),
          a.reminderSentAt === null
            ? isNull(trainingAssignments.reminderSentAt)
            : eq(trainingAssignments.reminderSentAt, a.reminderSentAt),
        ),
      )
      .run().changes;
    if (!claimed) continue;
    const course = findCourse(a.courseId);
    if (!course) continue;
    const overdue = a.dueAt < now;
    await sendMail({
      to: a.email,
      subject: `${overdue ? "Overdue" : "Reminder"}: security course "${course.title}"`,
      text:
        `Your organization asked you to take the short security course "${course.title}" (about ${course.minutes} minutes)` +
        `${overdue ? ", which is overdue" : `, due ${new Date(a.dueAt).toISOString().slice(0, 10)}`}.\n\n` +
        `Take it here: ${origin}/learn/${a.token}\n`,
    });
    sent += 1;
  }
  return sent;
}
