/**
 * /learn/:token: an assigned course and its quiz (public: the token is the assignment's secret, so people who are
 * not members take their course without an account). Works without JavaScript; the score is stored per person.
 */
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { notFound, tooManyRequests } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { audit } from "~/modules/audit/audit.server";
import { PASS_SCORE } from "~/modules/training";
import {
  assignmentByToken,
  completeAssignment,
  courseHtml,
  trackingRateLimited,
} from "~/modules/training/index.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [
  { title: "Security course · Rampart" },
  { name: "robots", content: "noindex" },
];
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

export async function loader({ params, context }: LoaderFunctionArgs) {
  const wait = trackingRateLimited(clientIp(context));
  if (wait !== null) throw tooManyRequests(wait);
  const found = assignmentByToken(params.token ?? "");
  if (!found) throw notFound();
  const { course, assignment } = found;
  return {
    title: course.title,
    minutes: course.minutes,
    html: courseHtml(course.id),
    quiz: course.quiz.map((q) => ({ question: q.question, options: q.options })),
    completedAt: assignment.completedAt,
    score: assignment.score,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ip = clientIp(context);
  const wait = trackingRateLimited(ip);
  if (wait !== null) throw tooManyRequests(wait);
  const found = assignmentByToken(params.token ?? "");
  if (!found) throw notFound();
  const form = await request.formData().catch(() => new FormData());
  const answers = found.course.quiz.map((_, i) => {
    const v = form.get(`q${i}`);
    const n = typeof v === "string" && /^\d{1,2}$/.test(v) ? Number(v) : null;
    return n;
  });
  if (answers.some((a) => a === null))
    return data({ score: null, passed: false, error: "Answer every question." }, { status: 400 });
  const result = completeAssignment(params.token ?? "", answers)!;
  audit({
    action: "training.course_completed",
    tenantId: result.tenantId,
    userId: found.assignment.userId,
    ip,
    detail: { assignmentId: result.assignmentId, score: result.score },
  });
  return { score: result.score, passed: result.passed, error: null };
}

export default function Learn() {
  const c = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>();
  return (
    <main id="main" className="mx-auto max-w-2xl p-6">
      <h1 className="text-2xl font-bold">{c.title}</h1>
      <p className="text-sm text-ink-muted">About {c.minutes} minutes.</p>
      <article className="prose mt-4" dangerouslySetInnerHTML={{ __html: c.html }} />
      <h2 className="mt-6 text-xl font-semibold">Quiz</h2>
      {r?.score != null ? (
        <p className="mt-2" role="status" data-testid="quiz-result">
          Completed: {r.score}% right. {r.passed ? "Passed." : `Not passed yet (${PASS_SCORE}% needed): try again.`}
        </p>
      ) : c.completedAt ? (
        <p className="mt-2" data-testid="quiz-result">
          Completed earlier with {c.score}% right. You may take the quiz again.
        </p>
      ) : null}
      {r?.error ? (
        <p className="mt-2 text-danger" role="alert">
          {r.error}
        </p>
      ) : null}
      <Form method="post" className="mt-3 space-y-4">
        {c.quiz.map((q, i) => (
          <fieldset key={i}>
            <legend className="font-medium">{q.question}</legend>
            {q.options.map((o, j) => (
              <label key={j} className="block text-sm">
                <input type="radio" name={`q${i}`} value={j} /> {o}
              </label>
            ))}
          </fieldset>
        ))}
        <button type="submit" className="btn btn-primary">
          Submit answers
        </button>
      </Form>
    </main>
  );
}
