import { checkA11y, createAccount, expect, mailbox, openDb, test, uniqueEmail } from "./fixtures";

// Training management (issue 34): a phishing simulation to three people, read from the loopback mailbox. One opens,
// clicks and submits the landing page, another reports it; the funnel shows 3/1/1/1 and 1 reported; the submitter
// is enrolled in the campaign's course and completes it and its quiz; nothing typed is stored anywhere.

test("a simulation campaign from launch to the submitter's completed course", async ({ page, login, browser }) => {
  test.setTimeout(120_000);
  await login({ plan: "business" });
  const [alice, bob, carol] = [uniqueEmail("alice"), uniqueEmail("bob"), uniqueEmail("carol")];

  await page.goto("/training-management");
  await expect(page.getByRole("heading", { name: "Training Management" })).toBeVisible();
  await expect(page.getByText("In development")).toHaveCount(0);
  await checkA11y(page);
  await page.getByLabel("Campaign name").fill("Password expiry drill");
  await page.getByLabel("E-mail template").selectOption({ label: "Password expiry (English)" });
  await page.getByLabel("Sender name").fill("IT Service Desk");
  await page.getByLabel("Sender address").fill("it@example.net");
  await page
    .getByLabel(/Recipient list \(CSV/)
    .fill(
      `email,first name,last name,department\n${alice},Alice,A,Finance\n${bob},Bob,B,Sales\n${carol},Carol,C,Sales\n`,
    );
  await page.getByLabel("Course for people who click or submit").selectOption({ label: "Recognising phishing" });
  await page.getByRole("button", { name: "Launch campaign" }).click();
  await expect(page.getByRole("heading", { name: "Password expiry drill" })).toBeVisible();
  const campaignUrl = page.url();

  const mails = await Promise.all(
    [alice, bob, carol].map((to) => mailbox.latest(to, { subject: "Action required", timeoutMs: 60_000 })),
  );
  const [aliceMail, bobMail] = mails;
  expect(aliceMail.text).toContain("Hello Alice,");

  // Alice: the pixel (her mail client shows images), the link, then the sign-in form with a password typed.
  const visitor = await browser.newContext();
  const v = await visitor.newPage();
  const pixelUrl = aliceMail.link(/https?:\/\/\S+\/l\/[\w-]+/).replace("/l/", "/i/");
  expect((await v.request.get(pixelUrl)).headers()["content-type"]).toBe("image/gif");
  await v.goto(aliceMail.link(/https?:\/\/\S+\/l\/[\w-]+/));
  await expect(v.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
  await checkA11y(v);
  const typed = `typed-secret-${Date.now()}`;
  await v.getByLabel("E-mail address").fill(alice);
  await v.getByLabel("Password").fill(typed);
  await v.getByRole("button", { name: "Sign in" }).click();
  await expect(v.getByRole("heading", { name: "This was a phishing simulation" })).toBeVisible();

  // Bob reports it (the report address of his own mail's token), without clicking his link.
  const bobToken = bobMail.link(/https?:\/\/\S+\/l\/[\w-]+/).split("/l/")[1];
  const b = await visitor.newPage();
  await b.goto(`/r/${bobToken}`);
  await b.getByRole("button", { name: "Report as phishing" }).click();
  await expect(b.getByRole("status")).toContainText("your report was recorded");

  // Alice takes the course from the debrief and passes its quiz.
  await v.getByRole("link", { name: "Take the short course" }).click();
  await expect(v.getByRole("heading", { name: "Recognising phishing" })).toBeVisible();
  await v.getByLabel("The urgency and the threat").check();
  await v.getByLabel("Hover over it and read the address first").check();
  await v.getByLabel("Never send it, and report the message").check();
  await v.getByRole("button", { name: "Submit answers" }).click();
  await expect(v.getByTestId("quiz-result")).toContainText("Completed: 100% right. Passed.");

  await page.goto(campaignUrl);
  await expect(page.getByTestId("funnel-sent").locator("dd")).toHaveText("3");
  await expect(page.getByTestId("funnel-opened").locator("dd")).toHaveText("1");
  await expect(page.getByTestId("funnel-clicked").locator("dd")).toHaveText("1");
  await expect(page.getByTestId("funnel-submitted").locator("dd")).toHaveText("1");
  await expect(page.getByTestId("funnel-reported").locator("dd")).toHaveText("1");
  await checkA11y(page);
  await page.goto("/training-management");
  await expect(page.getByTestId("assignments").getByRole("row").filter({ hasText: alice })).toContainText(
    "100% (passed)",
  );

  // Nothing typed on the landing page is in the database.
  const db = openDb();
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    for (const { name } of tables)
      expect(JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all()), name).not.toContain(typed);
  } finally {
    db.close();
  }
  await visitor.close();
});

test("without JavaScript: a mistaken form shows its field error, then a campaign to oneself launches", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const account = await createAccount({ plan: "business" });
  await context.addCookies([
    {
      name: "rampart_session",
      value: account.cookieValue,
      domain: "127.0.0.1",
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
  const page = await context.newPage();
  await page.goto("/training-management");
  await page.getByLabel("Campaign name").fill("No-script drill");
  await page.getByLabel("Sender name").fill("IT");
  await page.getByLabel("Sender address").fill("it@example.net");
  await page.getByRole("button", { name: "Launch campaign" }).click();
  await expect(page.getByRole("alert")).toContainText("Choose at least one member or upload a recipient list.");
  await page.getByLabel("Campaign name").fill("No-script drill");
  await page.getByLabel("Sender name").fill("IT");
  await page.getByLabel("Sender address").fill("it@example.net");
  await page.getByRole("checkbox", { name: account.email }).first().check();
  await page.getByRole("button", { name: "Launch campaign" }).click();
  await expect(page.getByRole("heading", { name: "No-script drill" })).toBeVisible();
  await mailbox.latest(account.email, { subject: "Action required", timeoutMs: 60_000 });
  await context.close();
});
