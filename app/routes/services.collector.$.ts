/** Any other path under /services/collector: Splunk's JSON 404, whatever the method (shippers parse every answer). */
import { hecNotFound } from "~/modules/events/hec.server";

export const loader = () => hecNotFound();
export const action = () => hecNotFound();
