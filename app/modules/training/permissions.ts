/**
 * Training in the permission vocabulary (app/modules/permissions.ts): every member sees the page and takes the
 * courses assigned to them; owners and admins run simulations (they mail the whole organization), manage templates
 * and assignments, and see who clicked, since results about named people are sensitive.
 */
import { ADMINS_AND_OWNERS, definePermissions, EVERYONE } from "~/lib/permissions";

export const trainingPermissions = definePermissions({
  training: {
    label: "Training",
    actions: {
      view: { roles: EVERYONE, label: "See the training page and take assigned courses" },
      manage: {
        roles: ADMINS_AND_OWNERS,
        label: "Run phishing simulations, manage templates and course assignments, see results",
      },
    },
  },
});
