/** Organization name rules (spec §5): trimmed, required; the 2-character minimum is only a hint. */
import { z } from "zod";

export const ORGANIZATION_NAME_REQUIRED = "Organization name is required";
export const ORGANIZATION_NAME_HINT = "Use at least 2 characters.";
export const ORGANIZATION_NAME_MAX = 100;

export const OrganizationNameSchema = z
  .string({ error: ORGANIZATION_NAME_REQUIRED })
  .trim()
  .min(1, ORGANIZATION_NAME_REQUIRED)
  .max(ORGANIZATION_NAME_MAX, `Organization name must be at most ${ORGANIZATION_NAME_MAX} characters`)
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), "Organization name cannot contain control characters");

export const CreateOrganizationSchema = z.object({ name: OrganizationNameSchema });

export const organizationCreatedToast = (name: string) => `Organization "${name}" created successfully!`;
export const ORGANIZATION_CREATE_FAILED = "Failed to create organization";
