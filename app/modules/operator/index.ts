// Operator commands for the command line (scripts/admin.ts).
export { operatorCommands, OperatorError } from "./commands.server";
