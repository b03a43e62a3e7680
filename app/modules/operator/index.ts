// Operator commands for the command line (scripts/admin.ts).
export { operatorCommands, OperatorError } from "./commands.server";
// The operator console's server side (issue 32).
export {
  ConsoleError,
  consoleOverview,
  resetTwoFactorFromConsole,
  setPlanFromConsole,
  verifyEmailFromConsole,
} from "./console.server";
export { requireOperator } from "./access.server";
