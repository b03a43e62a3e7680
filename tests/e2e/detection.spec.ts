import { test, expect, checkA11y } from "./fixtures";

const RULE = `title: Whoami Execution
author: Florian Roth (Nextron Systems)
license: DRL-1.1
logsource:
  category: process_creation
  product: windows
detection:
  selection:
    Image|endswith: '\\whoami.exe'
  condition: selection
level: high
`;

test("add a Sigma rule on /siem-soar, retro-hunt it and see a line-numbered error for a broken rule", async ({
  page,
  login,
}) => {
  await login({ plan: "business" });
  await page.goto("/siem-soar");
  await expect(page.getByRole("heading", { name: "Rule library" })).toBeVisible();
  await page.getByLabel("Or paste a rule").fill(RULE);
  await page.getByRole("button", { name: "Add rules" }).click();
  await expect(page.getByTestId("upload-result")).toContainText("1 rule added");
  await expect(page.getByRole("cell", { name: /Whoami Execution/ }).first()).toContainText(
    "by Florian Roth (Nextron Systems)",
  );
  await expect(page.getByRole("cell", { name: "High" })).toBeVisible();
  await checkA11y(page);
  await page.getByRole("button", { name: "Disable Whoami Execution" }).click();
  await expect(page.getByRole("button", { name: "Enable Whoami Execution" })).toBeVisible();

  await page.goto("/threat-hunting");
  await page.getByLabel("Or a rule from the library").selectOption({ label: "Whoami Execution" });
  await page.getByRole("button", { name: "Run hunt", exact: true }).click();
  await expect(page.getByTestId("hunt-result")).toContainText("“Whoami Execution”: 0 matching events of 0 scanned");

  await page.getByLabel("Sigma rule (YAML)").fill(RULE.replace("Image|endswith", "Image|endswit"));
  await page.getByRole("button", { name: "Run hunt", exact: true }).click();
  await expect(page.getByLabel("Sigma rule (YAML)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert").filter({ hasText: "unknown modifier" })).toContainText(
    "line 9: selection 'selection': field 'Image|endswit': unknown modifier 'endswit'",
  );
  await checkA11y(page);
});

const EXPAND_RULE = `title: Remote Registry Management Using Reg Utility
logsource:
  product: windows
  service: security
detection:
  selection:
    EventID: 5145
    RelativeTargetName|contains: '\\winreg'
  filter_main:
    IpAddress|expand: '%Admins_Workstations%'
  condition: selection and not filter_main
level: medium
`;

test("a placeholder rule is refused until the list exists; the rule test explains a pasted event", async ({
  page,
  login,
}) => {
  await login({ plan: "business" });
  await page.goto("/siem-soar");
  await page.getByLabel("Or paste a rule").fill(EXPAND_RULE);
  await page.getByRole("button", { name: "Add rules" }).click();
  await expect(page.getByTestId("upload-result")).toContainText("Placeholder %Admins_Workstations% is not defined");

  await page.getByLabel("Placeholder name").fill("Admins_Workstations");
  await page.getByLabel(/Values, one per line/).fill("10.0.0.5");
  await page.getByRole("button", { name: "Save placeholder" }).click();
  await expect(page.getByText("%Admins_Workstations% saved with 1 value")).toBeVisible();
  await page.getByLabel("Or paste a rule").fill(EXPAND_RULE);
  await page.getByRole("button", { name: "Add rules" }).click();
  await expect(page.getByTestId("upload-result")).toContainText("1 rule added");

  const event = {
    Event: {
      System: {
        EventID: 5145,
        Channel: "Security",
        Provider: { "#attributes": { Name: "Microsoft-Windows-Security-Auditing" } },
      },
      EventData: { IpAddress: "10.0.0.5", RelativeTargetName: "\\winreg" },
    },
  };
  await page.getByLabel("Rule to test").selectOption({ label: "Remote Registry Management Using Reg Utility" });
  await page.getByLabel("Or paste an event (JSON)").fill(JSON.stringify(event));
  await page.getByRole("button", { name: "Test the rule" }).click();
  const result = page.getByTestId("rule-test-result");
  await expect(result).toContainText("does not match the pasted event");
  await expect(result).toContainText("Condition selection and not filter_main not matched");
  await expect(result.getByRole("row", { name: /IpAddress/ })).toContainText("10.0.0.5");
  await checkA11y(page);
});
