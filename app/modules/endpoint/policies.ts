/**
 * The starter policies, Fleet-style: an osquery SQL query that **passes when it returns at least one row**. Each
 * names the platforms it applies to (osquery's `platform` of the host: "darwin", "windows", or any Linux
 * distribution, grouped here as "linux"), and, where the collector script reports the same fact, how to read it
 * from that inventory, so hosts without osquery are judged by the same rule. A policy that cannot be read on a
 * host (wrong platform, no data, the agent's query failed) is "not checked" for it, never passing.
 */
import type { HostPosture } from "./schema";

export type PolicyPlatform = "linux" | "darwin" | "windows";

export type InventoryView = {
  platform: PolicyPlatform | null;
  osName: string | null;
  osVersion: string | null;
  posture: HostPosture;
  packages: { name: string; source: string }[];
};

export type Policy = {
  id: string;
  name: string;
  platforms: readonly PolicyPlatform[];
  query: string;
  description: string;
  resolution: string;
  severity: "critical" | "high" | "medium" | "low";
  /** The same check on a collector's inventory: true pass, false fail, null not reported. */
  inventory?: (h: InventoryView) => boolean | null;
};

const major = (v: string | null) => (v ? Number.parseInt(v, 10) : Number.NaN);
const hasPackage = (h: InventoryView, names: string[]) => h.packages.some((p) => names.includes(p.name));

export const POLICIES: readonly Policy[] = [
  {
    id: "linux-disk-encryption",
    name: "Disk encryption on (Linux)",
    platforms: ["linux"],
    query:
      "SELECT 1 FROM mounts m, disk_encryption d WHERE m.device_alias = d.name AND d.encrypted = 1 AND m.path = '/';",
    description:
      "The root filesystem is on an encrypted (LUKS) volume, so a lost or stolen device does not expose data.",
    resolution: "Reinstall with full-disk encryption (LUKS) selected, or encrypt the root volume with cryptsetup.",
    severity: "high",
    inventory: (h) => h.posture.diskEncryption,
  },
  {
    id: "macos-filevault",
    name: "FileVault on (macOS)",
    platforms: ["darwin"],
    query: "SELECT 1 FROM disk_encryption WHERE user_uuid IS NOT '' AND filevault_status = 'on' LIMIT 1;",
    description: "FileVault encrypts the startup disk.",
    resolution: "System Settings → Privacy & Security → FileVault → Turn On.",
    severity: "high",
    inventory: (h) => h.posture.diskEncryption,
  },
  {
    id: "windows-bitlocker",
    name: "BitLocker on the system drive (Windows)",
    platforms: ["windows"],
    query: "SELECT 1 FROM bitlocker_info WHERE drive_letter = 'C:' AND protection_status = 1;",
    description: "BitLocker protects the system drive.",
    resolution: "Settings → Privacy & security → Device encryption (or Control Panel → BitLocker Drive Encryption).",
    severity: "high",
    inventory: (h) => h.posture.diskEncryption,
  },
  {
    id: "macos-firewall",
    name: "Firewall on (macOS)",
    platforms: ["darwin"],
    query: "SELECT 1 FROM alf WHERE global_state >= 1;",
    description: "The application firewall blocks unsolicited incoming connections.",
    resolution: "System Settings → Network → Firewall → on.",
    severity: "medium",
    inventory: (h) => h.posture.firewall,
  },
  {
    id: "windows-firewall",
    name: "Firewall on (Windows)",
    platforms: ["windows"],
    query: "SELECT 1 FROM windows_security_center WHERE firewall = 'Good';",
    description: "Windows Security Center reports the firewall as healthy.",
    resolution: "Settings → Privacy & security → Windows Security → Firewall & network protection → turn on.",
    severity: "medium",
    inventory: (h) => h.posture.firewall,
  },
  {
    id: "linux-firewall",
    name: "Firewall drops unsolicited input (Linux)",
    platforms: ["linux"],
    query: "SELECT 1 FROM iptables WHERE chain = 'INPUT' AND policy = 'DROP' LIMIT 1;",
    description: "The INPUT chain's default policy drops what no rule allows.",
    resolution: "Enable a host firewall (ufw enable, or firewalld) with a default-deny incoming policy.",
    severity: "medium",
    inventory: (h) => h.posture.firewall,
  },
  {
    id: "macos-screen-lock",
    name: "Screen locks within a minute of the screensaver (macOS)",
    platforms: ["darwin"],
    query: "SELECT 1 FROM screenlock WHERE enabled = 1 AND grace_period <= 60;",
    description: "A password is required soon after the screensaver starts or the display sleeps.",
    resolution: "System Settings → Lock Screen → Require password after screen saver begins: 1 minute or less.",
    severity: "medium",
    inventory: (h) => h.posture.screenLock,
  },
  {
    id: "windows-screen-lock",
    name: "Screen locks after 15 minutes of inactivity (Windows)",
    platforms: ["windows"],
    query:
      "SELECT 1 FROM registry WHERE path = 'HKEY_LOCAL_MACHINE\\Software\\Microsoft\\Windows\\CurrentVersion\\Policies\\System\\InactivityTimeoutSecs' AND CAST(data AS INTEGER) BETWEEN 1 AND 900;",
    description: "The machine inactivity limit locks the session within 15 minutes.",
    resolution:
      "Group Policy: Computer Configuration → Windows Settings → Security Settings → Local Policies → Security Options → Interactive logon: Machine inactivity limit ≤ 900.",
    severity: "medium",
    inventory: (h) => h.posture.screenLock,
  },
  {
    id: "macos-auto-update",
    name: "Automatic update checks on (macOS)",
    platforms: ["darwin"],
    query:
      "SELECT 1 FROM plist WHERE path = '/Library/Preferences/com.apple.SoftwareUpdate.plist' AND key = 'AutomaticCheckEnabled' AND value = 1;",
    description: "macOS checks for updates by itself.",
    resolution: "System Settings → General → Software Update → Automatic updates → Check for updates: on.",
    severity: "medium",
    inventory: (h) => h.posture.autoUpdate,
  },
  {
    id: "windows-auto-update",
    name: "Automatic updates healthy (Windows)",
    platforms: ["windows"],
    query: "SELECT 1 FROM windows_security_center WHERE autoupdate = 'Good';",
    description: "Windows Security Center reports automatic updates as healthy.",
    resolution: "Settings → Windows Update → Advanced options: keep automatic updates on.",
    severity: "medium",
    inventory: (h) => h.posture.autoUpdate,
  },
  {
    id: "linux-unattended-upgrades",
    name: "Automatic security updates installed (Debian/Ubuntu)",
    platforms: ["linux"],
    query: "SELECT 1 FROM deb_packages WHERE name = 'unattended-upgrades';",
    description: "unattended-upgrades installs security updates without waiting for someone.",
    resolution: "sudo apt install unattended-upgrades && sudo dpkg-reconfigure -plow unattended-upgrades",
    severity: "medium",
    inventory: (h) =>
      h.packages.some((p) => p.source === "deb") ? hasPackage(h, ["unattended-upgrades"]) : h.posture.autoUpdate,
  },
  {
    id: "windows-antivirus",
    name: "Antivirus healthy (Windows)",
    platforms: ["windows"],
    query: "SELECT 1 FROM windows_security_center WHERE antivirus = 'Good';",
    description: "Windows Security Center reports an active, up-to-date antivirus.",
    resolution: "Turn on Microsoft Defender Antivirus real-time protection, or check your antivirus product.",
    severity: "high",
  },
  {
    id: "macos-gatekeeper",
    name: "Gatekeeper on (macOS)",
    platforms: ["darwin"],
    query: "SELECT 1 FROM gatekeeper WHERE assessments_enabled = 1;",
    description: "Gatekeeper checks downloaded apps for a valid signature.",
    resolution: "sudo spctl --master-enable",
    severity: "high",
  },
  {
    id: "macos-sip",
    name: "System Integrity Protection on (macOS)",
    platforms: ["darwin"],
    query: "SELECT 1 FROM sip_config WHERE config_flag = 'sip' AND enabled = 1;",
    description: "SIP protects system files from modification, even by root.",
    resolution: "Boot into Recovery, open Terminal, run csrutil enable, and restart.",
    severity: "high",
  },
  {
    id: "macos-guest-disabled",
    name: "Guest account off (macOS)",
    platforms: ["darwin"],
    query:
      "SELECT 1 FROM plist WHERE path = '/Library/Preferences/com.apple.loginwindow.plist' AND key = 'GuestEnabled' AND value = 0;",
    description: "Nobody can sign in without an account.",
    resolution: "System Settings → Users & Groups → Guest User → off.",
    severity: "low",
  },
  {
    id: "linux-ssh-root-login",
    name: "SSH root login off (Linux)",
    platforms: ["linux"],
    query:
      "SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM augeas WHERE path = '/etc/ssh/sshd_config' AND label = 'PermitRootLogin' AND value = 'yes');",
    description: "sshd does not accept a password or key sign-in as root (PermitRootLogin is not 'yes').",
    resolution: "Set PermitRootLogin no in /etc/ssh/sshd_config and reload sshd.",
    severity: "high",
  },
  {
    id: "linux-ssh-password-auth",
    name: "SSH password sign-in off (Linux)",
    platforms: ["linux"],
    query:
      "SELECT 1 FROM augeas WHERE path = '/etc/ssh/sshd_config' AND label = 'PasswordAuthentication' AND value = 'no';",
    description: "sshd accepts keys only, so passwords cannot be guessed over the network.",
    resolution: "Set PasswordAuthentication no in /etc/ssh/sshd_config and reload sshd.",
    severity: "medium",
  },
  {
    id: "no-extra-uid0",
    name: "No account other than root with UID 0 (Linux, macOS)",
    platforms: ["linux", "darwin"],
    query: "SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM users WHERE uid = 0 AND username != 'root');",
    description: "Only root has root's user id: a second UID 0 account is a classic backdoor.",
    resolution: "Remove the account or give it its own user id (usermod -u).",
    severity: "critical",
    inventory: (h) => (h.posture.users ? !h.posture.users.some((u) => u.uid === 0 && u.name !== "root") : null),
  },
  {
    id: "no-telnet-listener",
    name: "No Telnet server listening",
    platforms: ["linux", "darwin", "windows"],
    query: "SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM listening_ports WHERE port = 23);",
    description: "Telnet sends passwords in clear text.",
    resolution: "Uninstall the Telnet server (telnetd / the Windows Telnet Server feature) and use SSH.",
    severity: "high",
    inventory: (h) => (h.posture.listeningPorts ? !h.posture.listeningPorts.some((p) => p.port === 23) : null),
  },
  {
    id: "linux-os-supported",
    name: "Operating system release still supported (Debian ≥ 12, Ubuntu ≥ 22.04)",
    platforms: ["linux"],
    query:
      "SELECT 1 FROM os_version WHERE (name LIKE 'Debian%' AND CAST(major AS INTEGER) >= 12) OR (name LIKE 'Ubuntu%' AND CAST(major AS INTEGER) >= 22);",
    description: "The release still gets security updates.",
    resolution: "Upgrade to a supported release (Debian 12 or later, Ubuntu 22.04 LTS or later).",
    severity: "high",
    inventory: (h) => {
      if (!h.osName) return null;
      if (/^debian/i.test(h.osName)) return major(h.osVersion) >= 12;
      if (/^ubuntu/i.test(h.osName)) return major(h.osVersion) >= 22;
      return null;
    },
  },
  {
    id: "macos-supported",
    name: "macOS release still supported (14 Sonoma or later)",
    platforms: ["darwin"],
    query: "SELECT 1 FROM os_version WHERE CAST(major AS INTEGER) >= 14;",
    description: "Apple ships security updates for the three latest macOS releases.",
    resolution: "Software Update → upgrade to the latest macOS.",
    severity: "high",
    inventory: (h) => (h.osVersion ? major(h.osVersion) >= 14 : null),
  },
  {
    id: "windows-supported",
    name: "Windows build still supported (Windows 10 22H2 or Windows 11)",
    platforms: ["windows"],
    query: "SELECT 1 FROM os_version WHERE CAST(build AS INTEGER) >= 19045;",
    description: "Older Windows builds no longer receive security updates.",
    resolution: "Windows Update → install the latest feature update (or upgrade to Windows 11).",
    severity: "high",
  },
  {
    id: "windows-smb1-off",
    name: "SMBv1 server off (Windows)",
    platforms: ["windows"],
    query:
      "SELECT 1 FROM registry WHERE path = 'HKEY_LOCAL_MACHINE\\SYSTEM\\CurrentControlSet\\Services\\LanmanServer\\Parameters\\SMB1' AND data = 0;",
    description: "SMBv1 is the protocol WannaCry spread through.",
    resolution: "PowerShell (admin): Set-SmbServerConfiguration -EnableSMB1Protocol $false",
    severity: "high",
  },
];

export const POLICY_BY_ID: ReadonlyMap<string, Policy> = new Map(POLICIES.map((p) => [p.id, p]));

/** osquery's platform names to the policy groups ("ubuntu", "debian", "rhel" … are Linux). */
export function policyPlatform(platform: string | null | undefined): PolicyPlatform | null {
  const p = (platform ?? "").toLowerCase();
  if (p === "darwin" || p === "macos") return "darwin";
  if (p === "windows") return "windows";
  if (!p) return null;
  return "linux";
}

export function policiesFor(platform: string | null | undefined): Policy[] {
  const p = policyPlatform(platform);
  return p ? POLICIES.filter((x) => x.platforms.includes(p)) : [];
}
