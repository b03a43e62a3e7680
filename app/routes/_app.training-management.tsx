/**
 * /training-management (issue 34): phishing simulation campaigns, templates and courses. Every member sees their
 * own assigned courses; owners and admins (training.manage) launch campaigns, import templates, assign courses and
 * see results. Every form posts here, so the page works without JavaScript; the action checks the role again.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ModulePage } from "~/components/module-page";
import { TeaserPage } from "~/components/teaser-page";
import { limitWrites } from "~/lib/api.server";
import { appRoute } from "~/lib/app-routes";
import { domainFieldError, notFound } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { audit } from "~/modules/audit/audit.server";
import { can } from "~/modules/permissions";
import { listMembers, loadAppRoute, requireAppRoute, requirePermission } from "~/modules/tenants";
import { COURSES, PASS_SCORE } from "~/modules/training";
import {
  assignCourseToMany,
  campaignTrends,
  createCampaign,
  CSV_MAX_BYTES,
  CSV_MAX_ROWS,
  deleteTemplate,
  importEmlTemplate,
  listAssignments,
  listCampaigns,
  listTemplates,
  MAX_SPREAD_MINUTES,
  parseRecipientsCsv,
} from "~/modules/training/index.server";
import { useFormat } from "~/lib/format-context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

const PATH = "/training-management";
const DAY = 86_400_000;

export const meta: MetaFunction = () => [{ title: `${appRoute(PATH).label} · Rampart` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, PATH);
  if (access.teaser) return { teaser: true as const };
  const { tenant, user } = access.ctx;
  const manage = can(tenant.role, "training", "manage");
  const assignments = listAssignments(tenant.id);
  const mine = assignments.filter((a) => a.userId === user.id || a.email === user.email.toLowerCase());
  return {
    teaser: false as const,
    manage,
    mine,
    courses: COURSES.map((c) => ({ id: c.id, title: c.title, minutes: c.minutes })),
    ...(manage
      ? {
          campaigns: listCampaigns(tenant.id),
          trends: campaignTrends(tenant.id),
          templates: listTemplates(tenant.id).map((t) => ({
            id: t.id,
            name: t.name,
            language: t.language,
            starter: t.starter,
          })),
          members: listMembers(tenant.id).map((m) => ({ userId: m.userId, email: m.email })),
          assignments,
        }
      : { campaigns: [], trends: [], templates: [], members: [], assignments: [] }),
  };
}

type Result = { intent: string; ok?: string; errors?: Record<string, string> };
const fail = (intent: string, field: string, message: string, status = 400) =>
  data<Result>({ intent, errors: { [field]: message } }, { status });

const text = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === "string" ? v : "";
};

/** A file input's text (empty when none was chosen), refused above `max` bytes before it is read. */
async function fileText(form: FormData, key: string, max: number): Promise<string | null> {
  const v = form.get(key);
  if (!v || typeof v === "string") return "";
  if (v.size > max) return null;
  return v.text();
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireAppRoute(request, PATH);
  limitWrites(ctx.user.id);
  const form = await request.formData().catch(() => new FormData());
  const intent = text(form, "intent");
  requirePermission(request, ctx, ["training", "manage"]);
  const tenantId = ctx.tenant.id;
  const ip = clientIp(context);
  try {
    if (intent === "create-campaign") {
      const csv = await fileText(form, "recipientsFile", CSV_MAX_BYTES);
      if (csv === null)
        return fail(intent, "recipientsCsv", `The recipient list is larger than ${CSV_MAX_BYTES / 1024} KB.`, 413);
      const csvRecipients = parseRecipientsCsv([csv, text(form, "recipientsCsv")].filter((s) => s.trim()).join("\n"));
      const launch = text(form, "launchAt");
      const launchAt = launch ? Date.parse(`${launch}Z`) : Date.now();
      if (Number.isNaN(launchAt))
        return fail(intent, "launchAt", "Enter a date and time (UTC), or leave it empty to send now.");
      const spread = text(form, "spreadMinutes").trim();
      const id = createCampaign(tenantId, ctx.user.id, {
        name: text(form, "name"),
        templateId: text(form, "templateId"),
        senderName: text(form, "senderName"),
        senderEmail: text(form, "senderEmail"),
        courseId: text(form, "courseId"),
        launchAt: Math.max(launchAt, Date.now()),
        spreadMinutes: spread ? Number(spread) : 0,
        memberIds: form.getAll("memberIds").filter((v): v is string => typeof v === "string"),
        csvRecipients,
      });
      audit({ action: "training.campaign_created", tenantId, userId: ctx.user.id, ip, detail: { campaignId: id } });
      return redirect(`${PATH}/campaigns/${id}`);
    }
    if (intent === "import-template") {
      const file = await fileText(form, "emlFile", 1024 * 1024);
      if (file === null) return fail(intent, "eml", "The message is larger than 1 MB.", 413);
      const id = await importEmlTemplate(tenantId, ctx.user.id, {
        raw: file || text(form, "eml"),
        name: text(form, "templateName"),
        language: text(form, "language"),
      });
      audit({ action: "training.template_imported", tenantId, userId: ctx.user.id, ip, detail: { templateId: id } });
      return { intent, ok: "Template imported: its links now lead to the landing page." } satisfies Result;
    }
    if (intent === "delete-template") {
      const id = text(form, "templateId");
      if (!deleteTemplate(tenantId, id)) throw notFound();
      audit({ action: "training.template_deleted", tenantId, userId: ctx.user.id, ip, detail: { templateId: id } });
      return { intent, ok: "Template deleted." } satisfies Result;
    }
    if (intent === "assign-course") {
      const emails = text(form, "emails")
        .split(/[\s,;]+/)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean);
      const bad = emails.find((e) => !/^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,63}$/.test(e));
      if (bad) return fail(intent, "emails", `"${bad.slice(0, 60)}" is not an e-mail address.`);
      const days = Number(text(form, "dueDays") || "14");
      if (!Number.isInteger(days) || days < 1 || days > 365) return fail(intent, "dueDays", "Between 1 and 365 days.");
      const n = assignCourseToMany(tenantId, ctx.user.id, {
        courseId: text(form, "courseId"),
        memberIds: form.getAll("memberIds").filter((v): v is string => typeof v === "string"),
        emails: emails.slice(0, 1001),
        dueAt: Date.now() + days * DAY,
      });
      audit({
        action: "training.course_assigned",
        tenantId,
        userId: ctx.user.id,
        ip,
        detail: { courseId: text(form, "courseId"), count: n },
      });
      return {
        intent,
        ok: n ? `Assigned to ${n} ${n === 1 ? "person" : "people"}.` : "Everyone chosen already has this course.",
      } satisfies Result;
    }
  } catch (error) {
    const e = domainFieldError(error);
    return fail(intent, e.field, e.message, e.status);
  }
  return fail(intent, "form", "Unknown action.");
}

function FieldError({ result, intent, field }: { result?: Result; intent: string; field: string }) {
  const message = result?.intent === intent ? result.errors?.[field] : undefined;
  return message ? (
    <p className="mt-1 text-sm text-danger" role="alert" id={`${intent}-${field}-error`}>
      {message}
    </p>
  ) : null;
}

function Ok({ result, intent }: { result?: Result; intent: string }) {
  return result?.intent === intent && result.ok ? (
    <p className="mt-2 text-sm" role="status">
      {result.ok}
    </p>
  ) : null;
}

export default function TrainingPage() {
  const intl = useFormat();
  const when = (t: number | null) => (t ? intl.formatDateTime(t) : "");
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as Result | undefined;
  if (d.teaser) return <TeaserPage path={PATH} />;
  return (
    <ModulePage path={PATH}>
      <div className="space-y-6">
        <section aria-labelledby="mine-heading" className="card">
          <h2 id="mine-heading" className="text-lg font-semibold">
            Your courses
          </h2>
          {d.mine.length ? (
            <ul className="mt-2 space-y-1 text-sm">
              {d.mine.map((a) => (
                <li key={a.id}>
                  <a href={`/learn/${a.token}`} className="link">
                    {a.courseTitle}
                  </a>{" "}
                  {a.completedAt ? `completed, score ${a.score}%` : `due ${a.dueAt ? intl.formatDate(a.dueAt) : ""}`}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-ink-muted">No course is assigned to you.</p>
          )}
        </section>
        {!d.manage ? (
          <p className="card text-sm">Owners and admins run phishing simulations and assign courses.</p>
        ) : (
          <>
            <section aria-labelledby="campaigns-heading" className="card">
              <h2 id="campaigns-heading" className="text-lg font-semibold">
                Phishing simulations
              </h2>
              {d.campaigns.length ? (
                <table className="mt-2 w-full text-sm">
                  <thead>
                    <tr className="text-left">
                      <th>Campaign</th>
                      <th>Launch</th>
                      <th>Sent</th>
                      <th>Opened</th>
                      <th>Clicked</th>
                      <th>Submitted</th>
                      <th>Reported</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.campaigns.map((c) => (
                      <tr key={c.id}>
                        <td>
                          <Link to={`${PATH}/campaigns/${c.id}`} className="link">
                            {c.name}
                          </Link>
                        </td>
                        <td>{when(c.launchAt)}</td>
                        <td>
                          {c.funnel.sent}/{c.funnel.recipients}
                        </td>
                        <td>{c.funnel.opened}</td>
                        <td>{c.funnel.clicked}</td>
                        <td>{c.funnel.submitted}</td>
                        <td>{c.funnel.reported}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                <p className="mt-1 text-sm text-ink-muted">No campaign yet.</p>
              )}
              {d.trends.length > 1 ? (
                <div className="mt-4">
                  <h3 className="font-semibold">Trend across campaigns</h3>
                  <table className="mt-1 w-full text-sm">
                    <thead>
                      <tr className="text-left">
                        <th>Campaign</th>
                        <th>Click rate</th>
                        <th>Submit rate</th>
                        <th>Report rate</th>
                      </tr>
                    </thead>
                    <tbody>
                      {d.trends.map((t) => (
                        <tr key={t.id}>
                          <td>{t.name}</td>
                          <td>{t.clickRate}%</td>
                          <td>{t.submitRate}%</td>
                          <td>{t.reportRate}%</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : null}
            </section>

            <section aria-labelledby="new-heading" className="card">
              <h2 id="new-heading" className="text-lg font-semibold">
                New campaign
              </h2>
              <Form method="post" encType="multipart/form-data" noValidate className="mt-3 grid gap-3">
                <input type="hidden" name="intent" value="create-campaign" />
                <FieldError result={result} intent="create-campaign" field="form" />
                <label className="label" htmlFor="c-name">
                  Campaign name
                </label>
                <input id="c-name" name="name" className="input" maxLength={120} required />
                <FieldError result={result} intent="create-campaign" field="name" />
                <label className="label" htmlFor="c-template">
                  E-mail template
                </label>
                <select id="c-template" name="templateId" className="input">
                  {d.templates.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name}
                    </option>
                  ))}
                </select>
                <FieldError result={result} intent="create-campaign" field="templateId" />
                <label className="label" htmlFor="c-sender-name">
                  Sender name
                </label>
                <input id="c-sender-name" name="senderName" className="input" maxLength={80} />
                <FieldError result={result} intent="create-campaign" field="senderName" />
                <label className="label" htmlFor="c-sender-email">
                  Sender address
                </label>
                <input id="c-sender-email" name="senderEmail" type="email" className="input" />
                <FieldError result={result} intent="create-campaign" field="senderEmail" />
                <fieldset>
                  <legend className="label">Members</legend>
                  {d.members.map((m) => (
                    <label key={m.userId} className="mr-4 inline-flex items-center gap-1 text-sm">
                      <input type="checkbox" name="memberIds" value={m.userId} /> {m.email}
                    </label>
                  ))}
                </fieldset>
                <label className="label" htmlFor="c-csv">
                  Recipient list (CSV: email, first name, last name, department; at most {CSV_MAX_ROWS} rows)
                </label>
                <textarea id="c-csv" name="recipientsCsv" className="input" rows={4} />
                <label className="label" htmlFor="c-csv-file">
                  Or upload the CSV file
                </label>
                <input id="c-csv-file" name="recipientsFile" type="file" accept=".csv,text/csv" />
                <FieldError result={result} intent="create-campaign" field="recipientsCsv" />
                <FieldError result={result} intent="create-campaign" field="recipients" />
                <label className="label" htmlFor="c-launch">
                  Launch (UTC; empty: now)
                </label>
                <input id="c-launch" name="launchAt" type="datetime-local" className="input" />
                <FieldError result={result} intent="create-campaign" field="launchAt" />
                <label className="label" htmlFor="c-spread">
                  Send over how many minutes (0: all at once; at most {MAX_SPREAD_MINUTES})
                </label>
                <input id="c-spread" name="spreadMinutes" type="number" min={0} defaultValue={0} className="input" />
                <FieldError result={result} intent="create-campaign" field="spreadMinutes" />
                <label className="label" htmlFor="c-course">
                  Course for people who click or submit
                </label>
                <select id="c-course" name="courseId" className="input">
                  <option value="">No course</option>
                  {d.courses.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.title}
                    </option>
                  ))}
                </select>
                <FieldError result={result} intent="create-campaign" field="courseId" />
                <button type="submit" className="btn btn-primary justify-self-start">
                  Launch campaign
                </button>
              </Form>
            </section>

            <section aria-labelledby="templates-heading" className="card">
              <h2 id="templates-heading" className="text-lg font-semibold">
                Templates
              </h2>
              <ul className="mt-2 space-y-1 text-sm">
                {d.templates.map((t) => (
                  <li key={t.id} className="flex items-center gap-2">
                    <Link to={`${PATH}/templates/${t.id}`} className="link">
                      {t.name}
                    </Link>
                    <span className="text-ink-muted">{t.language}</span>
                    {t.starter ? null : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="delete-template" />
                        <input type="hidden" name="templateId" value={t.id} />
                        <button type="submit" className="link text-sm" aria-label={`Delete ${t.name}`}>
                          Delete
                        </button>
                      </Form>
                    )}
                  </li>
                ))}
              </ul>
              <Ok result={result} intent="delete-template" />
              <h3 className="mt-4 font-semibold">Import a message (.eml)</h3>
              <Form method="post" encType="multipart/form-data" noValidate className="mt-2 grid gap-2">
                <input type="hidden" name="intent" value="import-template" />
                <label className="label" htmlFor="t-name">
                  Template name (optional)
                </label>
                <input id="t-name" name="templateName" className="input" maxLength={120} />
                <label className="label" htmlFor="t-language">
                  Language
                </label>
                <input id="t-language" name="language" className="input" defaultValue="en" maxLength={12} />
                <label className="label" htmlFor="t-file">
                  .eml file
                </label>
                <input id="t-file" name="emlFile" type="file" accept=".eml,message/rfc822" />
                <label className="label" htmlFor="t-eml">
                  Or paste the message source
                </label>
                <textarea id="t-eml" name="eml" className="input font-mono" rows={4} />
                <FieldError result={result} intent="import-template" field="eml" />
                <Ok result={result} intent="import-template" />
                <button type="submit" className="btn justify-self-start">
                  Import template
                </button>
              </Form>
            </section>

            <section aria-labelledby="courses-heading" className="card">
              <h2 id="courses-heading" className="text-lg font-semibold">
                Courses
              </h2>
              <Form method="post" noValidate className="mt-2 grid gap-2">
                <input type="hidden" name="intent" value="assign-course" />
                <label className="label" htmlFor="a-course">
                  Course
                </label>
                <select id="a-course" name="courseId" className="input">
                  {d.courses.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.title} ({c.minutes} min)
                    </option>
                  ))}
                </select>
                <FieldError result={result} intent="assign-course" field="courseId" />
                <fieldset>
                  <legend className="label">Members</legend>
                  {d.members.map((m) => (
                    <label key={m.userId} className="mr-4 inline-flex items-center gap-1 text-sm">
                      <input type="checkbox" name="memberIds" value={m.userId} /> {m.email}
                    </label>
                  ))}
                </fieldset>
                <label className="label" htmlFor="a-emails">
                  Other people (e-mail addresses; they take the course through their own link)
                </label>
                <textarea id="a-emails" name="emails" className="input" rows={2} />
                <FieldError result={result} intent="assign-course" field="emails" />
                <FieldError result={result} intent="assign-course" field="assignees" />
                <label className="label" htmlFor="a-due">
                  Due in (days)
                </label>
                <input id="a-due" name="dueDays" type="number" min={1} max={365} defaultValue={14} className="input" />
                <FieldError result={result} intent="assign-course" field="dueDays" />
                <Ok result={result} intent="assign-course" />
                <button type="submit" className="btn justify-self-start">
                  Assign course
                </button>
              </Form>
              {d.assignments.length ? (
                <table className="mt-4 w-full text-sm" data-testid="assignments">
                  <thead>
                    <tr className="text-left">
                      <th>Person</th>
                      <th>Course</th>
                      <th>Due</th>
                      <th>Completed</th>
                      <th>Score</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.assignments.map((a) => (
                      <tr key={a.id}>
                        <td>{a.email}</td>
                        <td>
                          {a.courseTitle}
                          {a.fromCampaign ? " (after a simulation)" : ""}
                        </td>
                        <td>{a.dueAt ? intl.formatDate(a.dueAt) : ""}</td>
                        <td>{a.completedAt ? when(a.completedAt) : "not yet"}</td>
                        <td>
                          {a.score === null ? "" : `${a.score}% (${a.score >= PASS_SCORE ? "passed" : "not passed"})`}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
            </section>
          </>
        )}
      </div>
    </ModulePage>
  );
}
