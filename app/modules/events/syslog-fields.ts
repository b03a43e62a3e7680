/**
 * The field names a syslog line is stored under (RFC 5424 §6, RFC 3164 §4): the one mapping the parser writes,
 * Sigma's logsource gate reads (a Linux `service:` is the APP-NAME) and the tests use. Structured data is stored
 * as `sd.<SD-ID>.<PARAM-NAME>` (e.g. `sd.timeQuality.tzKnown`).
 */
export const SYSLOG_FIELD = {
  /** APP-NAME (RFC 5424) or the TAG before `[pid]:` (RFC 3164): `sshd`. */
  app: "appName",
  procId: "pid",
  msgId: "msgid",
  /** The RFC 5424 §6.2.1 keyword (`auth`) and its number (`facilityCode: 4`). */
  facility: "facility",
  facilityCode: "facilityCode",
  /** The RFC 5424 §6.2.1 keyword (`err`) and its number (`severityCode: 3`). */
  severity: "severity",
  severityCode: "severityCode",
  /** Prefix of structured-data fields. */
  structuredData: "sd",
} as const;

/** RFC 5424 table 2, by number. */
export const SYSLOG_SEVERITIES = ["emerg", "alert", "crit", "err", "warning", "notice", "info", "debug"] as const;

/** RFC 5424 table 1, by number (the keywords of syslog.conf / logger -p; 13-15 have no standard keyword). */
export const SYSLOG_FACILITIES = [
  "kern",
  "user",
  "mail",
  "daemon",
  "auth",
  "syslog",
  "lpr",
  "news",
  "uucp",
  "cron",
  "authpriv",
  "ftp",
  "ntp",
  "security",
  "console",
  "solaris-cron",
  "local0",
  "local1",
  "local2",
  "local3",
  "local4",
  "local5",
  "local6",
  "local7",
] as const;
