/** GET /services/collector/health (and /health/1.0): HEC's health check, which Vector calls before sending. */
import { hecHealth } from "~/modules/events";

export const loader = () => hecHealth();
