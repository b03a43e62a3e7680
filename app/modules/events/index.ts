/**
 * The events module (issue 14): what other modules may use. Ingestion turns
 * shippers' formats into normalised events (parse.ts), the store keeps them
 * per tenant with FTS5, quota and retention (store.server.ts), search.server.ts
 * answers /logs, anomalies.server.ts computes anomalies as batches arrive.
 *
 * For detection engines (Threat Hunting's Sigma rules): "events.stored"
 * (EVENTS_STORED, EventsStoredPayload) is announced after each committed batch
 * (the module registry subscribes the reactions), `iterateEvents` walks a tenant's
 * stored events in a time range.
 */
export type { FieldValue, Fields, NormalizedEvent, Rejected } from "./parse";
export {
  flatten,
  flattenWindowsEvent,
  fromJsonValue,
  parseSyslogLine,
  restoreTruncatedFields,
  MAX_FIELD_CHARS,
} from "./parse";
export { searchEvents, searchEventsForIndicator, type SearchResult } from "./search.server";
export {
  parseQuery,
  QueryError,
  MAX_QUERY_LENGTH as MAX_EVENT_QUERY_LENGTH,
  type Node as EventQueryNode,
} from "./search";
export type { EventsStoredListener, EventsStoredPayload, StoredEvent, QuotaState } from "./store.server";
export {
  EVENTS_STORED,
  onEventsStored,
  iterateEvents,
  getEvents,
  latestEvents,
  storeEvents,
  setEventsClock,
  quotaState,
  getRetentionDays,
  setRetentionDays,
  purgeExpiredEvents,
  DEFAULT_RETENTION_DAYS,
} from "./store.server";
export { ingestEvents, ingestHec, readIngestBody, formatFor, IngestError, MAX_BODY_BYTES } from "./ingest.server";
export { MAX_EVENTS_PER_REQUEST } from "./parse";
export { SYSLOG_FIELD, SYSLOG_FACILITIES, SYSLOG_SEVERITIES } from "./syslog-fields";
export { admitHecBody, isHecPath } from "./hec.server";
export type { Anomaly, AnomalyType } from "./anomalies.server";
export {
  ANOMALY_TYPES,
  ANOMALY_LABEL,
  listAnomalies,
  getAnomaly,
  countOpenAnomalies,
  setAnomalyStatus,
  detectAnomalies,
} from "./anomalies.server";
export { eventPermissions, EVENTS_DENIED } from "./permissions";
export { registerEventJobs, EVENTS_RETENTION_JOB } from "./jobs.server";
export { logsPageData, LogsIntent, AnomalyStatusSchema, RetentionSchema } from "./page-data.server";
export type { LogsActionResult } from "./page-data.server";
// Its posture contribution and usage figures (the posture model, the usage analytics), and the stored-event
// figures detection's contribution reads.
export { logsContribution, eventsUsageSince, storedEventStats } from "./posture.server";
