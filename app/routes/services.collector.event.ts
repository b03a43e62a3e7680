/** Splunk HTTP Event Collector (POST /services/collector/event): `Authorization: Splunk <token>`, HEC envelopes. */
import { action as handler } from "./services.collector";

// The same handler as /services/collector (Splunk serves both paths).
export const loader = handler;

export const action = handler;
