/**
 * The starter courses: short Markdown lessons, each with a quiz (written for Rampart). Rendered with `marked`
 * and sanitize-html (render.server.ts); a quiz answer is the index of the right option.
 */
export type QuizQuestion = { question: string; options: readonly string[]; answer: number };
export type Course = { id: string; title: string; minutes: number; markdown: string; quiz: readonly QuizQuestion[] };

export const COURSES: readonly Course[] = [
  {
    id: "phishing-basics",
    title: "Recognising phishing",
    minutes: 5,
    markdown: `## Why phishing works

Phishing messages imitate someone you trust (IT, a supplier, a parcel service, a colleague) and push you to act
**quickly**: sign in, open a file, pay an invoice.

## Five checks before you click

1. **The sender's real address**, not just the display name. \`IT Service <it@examp1e-support.com>\` is not your IT.
2. **The link's destination**: hover (or long-press) to see where it goes before you open it.
3. **Urgency and threats** ("expires today", "account locked") are the attacker's favourite tools.
4. **Requests for passwords or codes**: your IT never asks for them by e-mail.
5. **Unexpected attachments**, especially archives, Office files asking to "enable content", or HTML files.

## When in doubt

Do not reply and do not click: open the service yourself from a bookmark, or report the message.`,
    quiz: [
      {
        question:
          "A message says your mailbox will be deleted today unless you sign in. What is the first warning sign?",
        options: ["The urgency and the threat", "It is written in English", "It arrived in the morning"],
        answer: 0,
      },
      {
        question: "How do you check where a link really goes?",
        options: ["Click it and look at the page", "Hover over it and read the address first", "Reply to the sender"],
        answer: 1,
      },
      {
        question: "Your IT department asks for your password by e-mail. What do you do?",
        options: ["Send it, it is IT", "Send half of it", "Never send it, and report the message"],
        answer: 2,
      },
    ],
  },
  {
    id: "passwords",
    title: "Strong passwords and password managers",
    minutes: 5,
    markdown: `## Length beats complexity

A passphrase of four or five random words (\`copper lantern orbit velvet\`) is longer, easier to remember and
harder to guess than \`P@ssw0rd1!\`.

## One password per service

When one site is breached, attackers try the same address and password everywhere else ("credential stuffing").
A **password manager** remembers a different random password for every site, so you only remember one.

## Never

- reuse your work password anywhere else;
- share a password by e-mail or chat;
- type it into a page you reached from a link in a message.`,
    quiz: [
      {
        question: "Which is the strongest password?",
        options: ["Summer2026!", "copper lantern orbit velvet", "P@ssw0rd"],
        answer: 1,
      },
      {
        question: "Why should every service have its own password?",
        options: [
          "A breach of one site then does not open the others",
          "Sites require it by law",
          "It makes signing in faster",
        ],
        answer: 0,
      },
      {
        question: "What helps you keep a different password for every site?",
        options: ["A notebook on your desk", "A password manager", "Using your birthday with the site's name"],
        answer: 1,
      },
    ],
  },
  {
    id: "mfa",
    title: "Multi-factor authentication",
    minutes: 4,
    markdown: `## A second proof

Multi-factor authentication (MFA) asks for something you **have** (a phone, a security key) on top of something
you **know** (your password). A stolen password alone is then not enough.

## Prefer phishing-resistant factors

- **Security keys and passkeys** check the site's real address: they do not work on a fake page.
- **Authenticator apps** are good; **SMS codes** are better than nothing.

## MFA fatigue

If your phone asks you to approve a sign-in you did not start, **deny it** and tell IT: someone has your password.`,
    quiz: [
      {
        question: "Your phone asks you to approve a sign-in you did not start. What do you do?",
        options: ["Approve it to stop the prompts", "Deny it and report it", "Ignore it"],
        answer: 1,
      },
      {
        question: "Which factor resists phishing pages best?",
        options: ["SMS code", "A security key or passkey", "A security question"],
        answer: 1,
      },
      {
        question: "What does MFA protect against?",
        options: ["Someone who only has your password", "A broken screen", "Spam"],
        answer: 0,
      },
    ],
  },
  {
    id: "data-handling",
    title: "Handling data safely",
    minutes: 5,
    markdown: `## Know what you hold

Customer records, payroll, health data and contracts are **confidential**. Share them only with people who need
them, through the tools your organization approves.

## Sharing

- Share links with named people rather than "anyone with the link".
- Do not forward confidential files to personal e-mail or upload them to unapproved services.
- Check the recipient's address twice: autocomplete sends many leaks.

## Devices

Lock your screen when you step away, keep devices updated, and report a lost laptop or phone **at once**.`,
    quiz: [
      {
        question: "You need to work on payroll data at home. What is acceptable?",
        options: [
          "Forward it to your personal e-mail",
          "Use the organization's approved tools and devices",
          "Upload it to a free file converter",
        ],
        answer: 1,
      },
      {
        question: "Which sharing setting is safest for a confidential file?",
        options: ["Anyone with the link", "Named people only", "Public on the web"],
        answer: 1,
      },
      {
        question: "You lost your work phone. When do you report it?",
        options: ["Immediately", "After a week of searching", "Only if it had no PIN"],
        answer: 0,
      },
    ],
  },
  {
    id: "incident-reporting",
    title: "Reporting incidents",
    minutes: 4,
    markdown: `## Report early

A report in the first minutes lets the security team block a link, reset a password or warn colleagues before
anyone else is caught. **Nobody is blamed for reporting.**

## What to report

- suspicious e-mails, calls or messages, even if you did not click;
- a click or a password typed on a page you now doubt;
- lost devices, strange pop-ups, files that changed by themselves.

## How

Use the "Report phishing" button or forward the message to your organization's reporting address, then delete it.
If you typed a password, change it at once and say so in your report.`,
    quiz: [
      {
        question: "You clicked a link and typed your password before noticing the page was fake. What now?",
        options: [
          "Say nothing, nothing happened",
          "Change the password at once and report it",
          "Wait to see if anything happens",
        ],
        answer: 1,
      },
      {
        question: "Should you report a phishing e-mail you did not click?",
        options: ["Yes, it helps warn others", "No, only clicks matter", "Only if it came twice"],
        answer: 0,
      },
      {
        question: "Who is blamed for reporting a mistake?",
        options: ["The reporter", "Nobody", "The IT department"],
        answer: 1,
      },
    ],
  },
];

export function findCourse(id: string | null | undefined): Course | undefined {
  return COURSES.find((c) => c.id === id);
}

/** Percentage of right answers (0–100); a missing answer counts as wrong. */
export function scoreQuiz(course: Course, answers: readonly (number | null)[]): number {
  const right = course.quiz.filter((q, i) => answers[i] === q.answer).length;
  return Math.round((100 * right) / course.quiz.length);
}

/** The score at or above which a course counts as passed. */
export const PASS_SCORE = 66;
