// Passwords: the organization's password policy and the breach-corpus lookup, for other modules.
export { passwordPolicyVerdict, type PolicyVerdict } from "./policy.server";
export { breachCountForPassword } from "./range.server";
export { importHashLines } from "./range-import";
// Its posture contribution (the posture model).
export { passwordContribution } from "./posture.server";
