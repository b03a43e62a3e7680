/** Splunk HEC acknowledgement endpoint (POST /services/collector/ack[/1.0]): acknowledgement is disabled here. */
import { action as handler } from "./services.collector.ack";

// The same handler as /services/collector/ack (Splunk serves both paths).
export const loader = handler;

export const action = handler;
