/** Splunk HEC raw endpoint (POST /services/collector/raw[/1.0]): one event per line, channel required. */
import { action as handler } from "./services.collector.raw";

// The same handler as /services/collector/raw (Splunk serves both paths).
export const loader = handler;

export const action = handler;
