/**
 * Azure checks, after the CIS Microsoft Azure Foundations Benchmark 2.1.0. Each reads the JSON of the `az`
 * commands in docs/cloud-security.md (the CLI flattens each resource's `properties` onto the object, as
 * `az storage account list` and `az network nsg list` print them).
 */
import type { CheckDefinition, CheckResult, Docs } from "../types";
import { DATABASE_PORTS, isObj, obj, objs, rangeCovers, str, strs, type Json } from "./util";

const RC = (resource: string, fail: boolean, detail?: string): CheckResult => ({
  resource,
  status: fail ? "fail" : "pass",
  detail: fail ? detail : undefined,
});

const storage = (docs: Docs) => docs.of("azure:storage-account-list").flatMap((d) => objs(d.data));
const nsgs = (docs: Docs) => docs.of("azure:network-nsg-list").flatMap((d) => objs(d.data));
const vaults = (docs: Docs) => docs.of("azure:keyvault-list").flatMap((d) => objs(d.data));
const assignments = (docs: Docs) => docs.of("azure:role-assignment-list").flatMap((d) => objs(d.data));
const diagnostics = (docs: Docs) =>
  docs.of("azure:diagnostic-settings-subscription-list").flatMap((d) => {
    const data = d.data;
    return Array.isArray(data) ? objs(data) : objs(obj(data).value);
  });

const INTERNET = new Set(["*", "internet", "any", "0.0.0.0/0", "0.0.0.0", "::/0"]);

/** NSG inbound Allow rules from the internet that cover `port` for `protocol`. */
function openRules(nsg: Json, ports: readonly number[], protocol: "Tcp" | "Udp"): string[] {
  const out: string[] = [];
  for (const rule of objs(nsg.securityRules)) {
    const r = isObj(rule.properties) ? { ...rule, ...rule.properties } : rule;
    if (str(r.direction) !== "Inbound" || str(r.access) !== "Allow") continue;
    const proto = str(r.protocol);
    if (proto !== "*" && proto.toLowerCase() !== protocol.toLowerCase()) continue;
    const sources = [...strs(r.sourceAddressPrefix), ...strs(r.sourceAddressPrefixes)].map((s) => s.toLowerCase());
    if (!sources.some((s) => INTERNET.has(s))) continue;
    const ranges = [...strs(r.destinationPortRange), ...strs(r.destinationPortRanges)];
    const hit = ports.filter((p) => ranges.some((range) => rangeCovers(range, p)));
    if (hit.length) out.push(`${str(r.name)} (${hit.join(", ")})`);
  }
  return out;
}

function nsgCheck(ports: readonly number[], protocol: "Tcp" | "Udp") {
  return (docs: Docs) =>
    nsgs(docs).map((n) => {
      const open = openRules(n, ports, protocol);
      return RC(str(n.name), open.length > 0, `Open to the internet: ${open.join(", ")}`);
    });
}

const vaultProps = (v: Json) => (isObj(v.properties) ? v.properties : null);

export const AZURE_CHECKS: CheckDefinition[] = [
  {
    id: "azure-storage-secure-transfer",
    provider: "azure",
    cis: "Azure CIS 2.1 3.1",
    title: "Storage accounts require secure transfer (HTTPS only)",
    severity: "medium",
    needs: ["azure:storage-account-list"],
    remediation: {
      text: "Require secure transfer on the storage account.",
      cli: "az storage account update --name <account> --resource-group <rg> --https-only true",
      console: "Storage accounts → <account> → Settings → Configuration → Secure transfer required: Enabled",
    },
    evaluate: (docs) => storage(docs).map((s) => RC(str(s.name), s.enableHttpsTrafficOnly !== true, "HTTP allowed")),
  },
  {
    id: "azure-storage-infrastructure-encryption",
    provider: "azure",
    cis: "Azure CIS 2.1 3.2",
    title: "Storage accounts have infrastructure encryption enabled",
    severity: "low",
    needs: ["azure:storage-account-list"],
    remediation: {
      text: "Infrastructure encryption is set when an account is created: create a new account with it and move the data.",
      cli: "az storage account create --name <account> --resource-group <rg> --require-infrastructure-encryption",
      console: "Storage accounts → Create → Encryption → Enable infrastructure encryption",
    },
    evaluate: (docs) =>
      storage(docs).map((s) =>
        RC(str(s.name), obj(s.encryption).requireInfrastructureEncryption !== true, "No infrastructure encryption"),
      ),
  },
  {
    id: "azure-storage-no-public-blob-access",
    provider: "azure",
    cis: "Azure CIS 2.1 3.7",
    title: "Storage accounts do not allow public (anonymous) blob access",
    severity: "high",
    needs: ["azure:storage-account-list"],
    remediation: {
      text: "Disallow anonymous blob access on the account.",
      cli: "az storage account update --name <account> --resource-group <rg> --allow-blob-public-access false",
      console: "Storage accounts → <account> → Settings → Configuration → Allow Blob anonymous access: Disabled",
    },
    evaluate: (docs) =>
      // Accounts created before the 2023 default have allowBlobPublicAccess unset, which means allowed.
      storage(docs).map((s) => RC(str(s.name), s.allowBlobPublicAccess !== false, "Anonymous blob access allowed")),
  },
  {
    id: "azure-storage-default-network-deny",
    provider: "azure",
    cis: "Azure CIS 2.1 3.8",
    title: "Storage accounts deny network access by default",
    severity: "medium",
    needs: ["azure:storage-account-list"],
    remediation: {
      text: "Set the default network rule to Deny and allow the networks that need access.",
      cli: "az storage account update --name <account> --resource-group <rg> --default-action Deny",
      console:
        "Storage accounts → <account> → Security + networking → Networking → Enabled from selected virtual networks and IP addresses",
    },
    evaluate: (docs) =>
      storage(docs).map((s) =>
        RC(str(s.name), str(obj(s.networkRuleSet).defaultAction) !== "Deny", "Default network action is Allow"),
      ),
  },
  {
    id: "azure-storage-min-tls-12",
    provider: "azure",
    cis: "Azure CIS 2.1 3.15",
    title: "Storage accounts require TLS 1.2 or later",
    severity: "medium",
    needs: ["azure:storage-account-list"],
    remediation: {
      text: "Set the minimum TLS version to 1.2.",
      cli: "az storage account update --name <account> --resource-group <rg> --min-tls-version TLS1_2",
      console: "Storage accounts → <account> → Settings → Configuration → Minimum TLS version: Version 1.2",
    },
    evaluate: (docs) =>
      storage(docs).map((s) => {
        const v = str(s.minimumTlsVersion);
        return RC(str(s.name), v !== "TLS1_2" && v !== "TLS1_3", `Minimum TLS version ${v || "unset"}`);
      }),
  },
  {
    id: "azure-nsg-rdp-internet",
    provider: "azure",
    cis: "Azure CIS 2.1 6.1",
    title: "No network security group allows RDP (3389) from the internet",
    severity: "high",
    needs: ["azure:network-nsg-list"],
    remediation: {
      text: "Restrict the rule's source, or use Azure Bastion or just-in-time VM access.",
      cli: "az network nsg rule update --nsg-name <nsg> --resource-group <rg> --name <rule> --access Deny",
      console: "Network security groups → <nsg> → Settings → Inbound security rules",
    },
    evaluate: nsgCheck([3389], "Tcp"),
  },
  {
    id: "azure-nsg-ssh-internet",
    provider: "azure",
    cis: "Azure CIS 2.1 6.2",
    title: "No network security group allows SSH (22) from the internet",
    severity: "high",
    needs: ["azure:network-nsg-list"],
    remediation: {
      text: "Restrict the rule's source, or use Azure Bastion or just-in-time VM access.",
      cli: "az network nsg rule update --nsg-name <nsg> --resource-group <rg> --name <rule> --access Deny",
      console: "Network security groups → <nsg> → Settings → Inbound security rules",
    },
    evaluate: nsgCheck([22], "Tcp"),
  },
  {
    id: "azure-nsg-udp-internet",
    provider: "azure",
    cis: "Azure CIS 2.1 6.3",
    title: "No network security group allows UDP (53, 123, 161, 389, 1900) from the internet",
    severity: "medium",
    needs: ["azure:network-nsg-list"],
    remediation: {
      text: "Remove inbound UDP rules from the internet; they are used for reflection attacks.",
      cli: "az network nsg rule delete --nsg-name <nsg> --resource-group <rg> --name <rule>",
      console: "Network security groups → <nsg> → Settings → Inbound security rules",
    },
    evaluate: nsgCheck([53, 123, 161, 389, 1900], "Udp"),
  },
  {
    id: "azure-nsg-http-internet",
    provider: "azure",
    cis: "Azure CIS 2.1 6.4",
    title: "HTTP(S) from the internet is evaluated and restricted",
    severity: "low",
    needs: ["azure:network-nsg-list"],
    remediation: {
      text: "Put web servers behind Application Gateway or Front Door and restrict direct HTTP(S) access.",
      cli: "az network nsg rule update --nsg-name <nsg> --resource-group <rg> --name <rule> --source-address-prefixes <range>",
      console: "Network security groups → <nsg> → Settings → Inbound security rules",
    },
    evaluate: nsgCheck([80, 443], "Tcp"),
  },
  {
    id: "azure-nsg-database-internet",
    provider: "azure",
    cis: "Azure CIS 2.1 6.1",
    title: "No network security group exposes database ports to the internet",
    severity: "critical",
    needs: ["azure:network-nsg-list"],
    remediation: {
      text: "Allow database ports only from the application subnets; use private endpoints for managed databases.",
      cli: "az network nsg rule update --nsg-name <nsg> --resource-group <rg> --name <rule> --access Deny",
      console: "Network security groups → <nsg> → Settings → Inbound security rules",
    },
    evaluate: nsgCheck(DATABASE_PORTS, "Tcp"),
  },
  {
    id: "azure-keyvault-recoverable",
    provider: "azure",
    cis: "Azure CIS 2.1 8.5",
    title: "Key vaults are recoverable (soft delete and purge protection)",
    severity: "medium",
    needs: ["azure:keyvault-list"],
    remediation: {
      text: "Turn on purge protection (soft delete is on for every new vault).",
      cli: "az keyvault update --name <vault> --resource-group <rg> --enable-purge-protection true",
      console: "Key vaults → <vault> → Settings → Properties → Purge protection: Enable",
    },
    evaluate: (docs) =>
      vaults(docs).flatMap((v) => {
        const p = vaultProps(v);
        // `az keyvault list` of some CLI versions prints no properties: such a vault is not checked.
        if (!p) return [];
        return [
          RC(
            str(v.name),
            p.enableSoftDelete === false || p.enablePurgeProtection !== true,
            "Purge protection or soft delete is off",
          ),
        ];
      }),
  },
  {
    id: "azure-keyvault-rbac",
    provider: "azure",
    cis: "Azure CIS 2.1 8.6",
    title: "Key vaults use Azure RBAC for access",
    severity: "low",
    needs: ["azure:keyvault-list"],
    remediation: {
      text: "Switch the vault's permission model to Azure role-based access control.",
      cli: "az keyvault update --name <vault> --resource-group <rg> --enable-rbac-authorization true",
      console: "Key vaults → <vault> → Settings → Access configuration → Azure role-based access control",
    },
    evaluate: (docs) =>
      vaults(docs).flatMap((v) => {
        const p = vaultProps(v);
        return p ? [RC(str(v.name), p.enableRbacAuthorization !== true, "Vault access policies in use")] : [];
      }),
  },
  {
    id: "azure-keyvault-private",
    provider: "azure",
    cis: "Azure CIS 2.1 8.7",
    title: "Key vaults are not reachable from all networks",
    severity: "medium",
    needs: ["azure:keyvault-list"],
    remediation: {
      text: "Use a private endpoint and disable public network access, or restrict the vault's firewall.",
      cli: "az keyvault update --name <vault> --resource-group <rg> --public-network-access Disabled",
      console: "Key vaults → <vault> → Settings → Networking → Firewalls and virtual networks",
    },
    evaluate: (docs) =>
      vaults(docs).flatMap((v) => {
        const p = vaultProps(v);
        if (!p) return [];
        const open =
          str(p.publicNetworkAccess) !== "Disabled" && str(obj(p.networkAcls).defaultAction || "Allow") === "Allow";
        return [RC(str(v.name), open, "Public network access from all networks")];
      }),
  },
  {
    id: "azure-monitor-activity-log-export",
    provider: "azure",
    cis: "Azure CIS 2.1 5.1.1",
    title: "A diagnostic setting exports the subscription's activity log",
    severity: "medium",
    needs: ["azure:diagnostic-settings-subscription-list"],
    remediation: {
      text: "Create a subscription diagnostic setting sending the activity log to a Log Analytics workspace or storage account.",
      cli: 'az monitor diagnostic-settings subscription create --name activity-log --location <region> --workspace <workspace-id> --logs \'[{"category":"Administrative","enabled":true}]\'',
      console: "Monitor → Activity log → Export Activity Logs → Add diagnostic setting",
    },
    evaluate: (docs) => [RC("subscription", diagnostics(docs).length === 0, "No diagnostic setting")],
  },
  {
    id: "azure-monitor-activity-log-categories",
    provider: "azure",
    cis: "Azure CIS 2.1 5.1.2",
    title: "The activity log export captures Administrative, Alert, Policy and Security",
    severity: "medium",
    needs: ["azure:diagnostic-settings-subscription-list"],
    remediation: {
      text: "Enable the Administrative, Alert, Policy and Security categories in the diagnostic setting.",
      cli: "az monitor diagnostic-settings subscription update --name <setting> --logs <categories-json>",
      console: "Monitor → Activity log → Export Activity Logs → <setting> → Edit",
    },
    evaluate: (docs) => {
      const want = ["Administrative", "Alert", "Policy", "Security"];
      const settings = diagnostics(docs);
      if (!settings.length) return [RC("subscription", true, "No diagnostic setting")];
      return settings.map((s) => {
        const on = new Set(
          objs(s.logs)
            .filter((l) => l.enabled === true)
            .map((l) => str(l.category)),
        );
        const missing = want.filter((c) => !on.has(c));
        return RC(str(s.name), missing.length > 0, `Missing: ${missing.join(", ")}`);
      });
    },
  },
  {
    id: "azure-iam-owner-users",
    provider: "azure",
    cis: "Azure CIS 2.1 1.23",
    title: "Users hold no standing Owner role at subscription scope",
    severity: "high",
    needs: ["azure:role-assignment-list"],
    remediation: {
      text: "Grant Owner through Privileged Identity Management (eligible, time-bound) and remove standing assignments.",
      cli: "az role assignment delete --assignee <user> --role Owner --scope /subscriptions/<id>",
      console: "Subscriptions → <subscription> → Access control (IAM) → Role assignments → Owner",
    },
    evaluate: (docs) =>
      assignments(docs)
        .filter((a) => str(a.principalType) === "User" && /^\/subscriptions\/[^/]+\/?$/i.test(str(a.scope)))
        .map((a) =>
          RC(
            str(a.principalName) || str(a.principalId),
            str(a.roleDefinitionName) === "Owner",
            "Owner at subscription",
          ),
        ),
  },
  {
    id: "azure-iam-owner-count",
    provider: "azure",
    cis: "Azure CIS 2.1 1.23",
    title: "At most three principals hold Owner on the subscription",
    severity: "medium",
    needs: ["azure:role-assignment-list"],
    remediation: {
      text: "Reduce Owner assignments to a few break-glass and platform accounts; use Contributor and narrower roles.",
      cli: "az role assignment list --role Owner --scope /subscriptions/<id>",
      console: "Subscriptions → <subscription> → Access control (IAM) → Role assignments",
    },
    evaluate: (docs) => {
      if (!docs.has("azure:role-assignment-list")) return [];
      const owners = assignments(docs).filter(
        (a) => str(a.roleDefinitionName) === "Owner" && /^\/subscriptions\/[^/]+\/?$/i.test(str(a.scope)),
      );
      return [RC("subscription", owners.length > 3, `${owners.length} Owner assignments`)];
    },
  },
];

/** The subscription id the files name (every Azure resource id starts with it). */
export function azureSubscription(docs: Docs): string | null {
  const ids = [...storage(docs), ...nsgs(docs), ...vaults(docs), ...assignments(docs), ...diagnostics(docs)].flatMap(
    (x) => [str(x.id), str(x.scope)],
  );
  for (const id of ids) {
    const m = /^\/subscriptions\/([0-9a-f-]{36})/i.exec(id);
    if (m) return m[1]!.toLowerCase();
  }
  return null;
}
