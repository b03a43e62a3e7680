/** API tokens (issue 14): what other modules and app/lib may use. */
export {
  TOKEN_PREFIX,
  TOKEN_SCOPES,
  TOKEN_RATE_LIMIT,
  SCOPE_LABEL,
  MAX_TOKENS_PER_TENANT,
  TokenLimitError,
  createApiToken,
  listApiTokens,
  revokeApiToken,
  resolveApiToken,
  apiTokenStillLive,
  revokeTokensBeyondRole,
  tokenFromHeader,
  scopeFor,
  isScope,
} from "./tokens.server";
export type { TokenScope, TokenListItem, CreatedToken, ResolvedToken } from "./tokens.server";
export { listTokensApi, createTokenApi, revokeTokenApi, CreateTokenSchema } from "./api.server";
export { apiTokenPermissions, MANAGE_TOKENS_DENIED } from "./permissions";
export { SCOPE_NEEDS, roleCoversScopes } from "./tokens.server";
export { tokensSettings, tokensAction } from "./settings.server";
export type { TokenActionResult } from "./settings.server";
