/** What a new API token needs, the same for the /api/tokens JSON body and the settings form. */
import { z } from "zod";
import { TOKEN_SCOPES } from "./tokens.server";

export const CreateTokenSchema = z.object({
  name: z
    .string({ error: "name is required" })
    .trim()
    .min(1, "Give the token a name")
    .max(80, "The name is at most 80 characters"),
  scopes: z
    .array(z.enum(TOKEN_SCOPES, { error: `scopes are ${TOKEN_SCOPES.join(" and ")}` }), {
      error: "scopes must be a list",
    })
    .min(1, "Choose at least one scope"),
});
