/** Organization name rules (docs/product.md §5): trimmed, required; the 2-character minimum is only a hint. */
import { z } from "zod";
import { ORGANIZATION_NAME_MAX, ORGANIZATION_NAME_REQUIRED } from "./limits";

// The wording lives in ./limits (zod-free, so the browser can import it); re-exported for the server's callers.
export {
  ORGANIZATION_CREATE_FAILED,
  ORGANIZATION_NAME_HINT,
  ORGANIZATION_NAME_MAX,
  ORGANIZATION_NAME_REQUIRED,
  organizationCreatedToast,
} from "./limits";

export const OrganizationNameSchema = z
  .string({ error: ORGANIZATION_NAME_REQUIRED })
  .trim()
  .min(1, ORGANIZATION_NAME_REQUIRED)
  .max(ORGANIZATION_NAME_MAX, `Organization name must be at most ${ORGANIZATION_NAME_MAX} characters`)
  .refine((s) => !/\p{Cc}/u.test(s), "Organization name cannot contain control characters");

export const CreateOrganizationSchema = z.object({ name: OrganizationNameSchema });
