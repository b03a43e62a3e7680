#!/usr/bin/env node
// Operator commands. There is no payment provider: plans and trials are set here.
//   npm run admin -- plan <tenantId> <free|pro|business|enterprise>
//   npm run admin -- trial <tenantId> start|end
//   npm run admin -- users | tenants | messages
//   npm run admin -- verify-domain <tenantId> <domain>
//   npm run admin -- reset-link <email>   (a password reset link, for installs without SMTP)
// <tenantId> is the tenantId that /api/tenants returns. The commands run the
// app's own code through the server build (built first when missing or stale).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { migrateDatabase } from "../server/migrate.js";

const USAGE = `Usage:
  npm run admin -- plan <tenantId> <free|pro|business|enterprise>
  npm run admin -- trial <tenantId> start|end
  npm run admin -- users
  npm run admin -- tenants
  npm run admin -- messages
  npm run admin -- verify-domain <tenantId> <domain>
  npm run admin -- reset-link <email>`;

const [command, ...args] = process.argv.slice(2);
if (!command || command === "help" || command === "--help") {
  console.log(USAGE);
  process.exit(command ? 0 : 2);
}

const ensure = spawnSync(process.execPath, [path.resolve("scripts/ensure-build.js")], {
  stdio: ["ignore", "ignore", "inherit"],
});
if (ensure.status !== 0) process.exit(ensure.status ?? 1);
migrateDatabase();
const build = await import(pathToFileURL(path.resolve(process.env.RAMPART_BUILD ?? "build/index.js")).href);
const { operatorCommands, OperatorError } = build.entry.module;

function print(value) {
  if (typeof value === "string") console.log(value);
  else if (Array.isArray(value) && value.length && typeof value[0] === "object") console.table(value);
  else console.log(JSON.stringify(value, null, 2));
}

try {
  switch (command) {
    case "plan":
      if (args.length !== 2) throw new OperatorError(USAGE);
      print(operatorCommands.plan(args[0], args[1]));
      break;
    case "trial":
      if (args.length !== 2) throw new OperatorError(USAGE);
      print(operatorCommands.trial(args[0], args[1]));
      break;
    case "users":
      print(operatorCommands.users());
      break;
    case "tenants":
      print(operatorCommands.tenants());
      break;
    case "messages":
      print(operatorCommands.messages());
      break;
    case "verify-domain":
      if (args.length !== 2 || !operatorCommands.verifyDomain) throw new OperatorError(USAGE);
      print(operatorCommands.verifyDomain(args[0], args[1]));
      break;
    case "reset-link":
      if (args.length !== 1) throw new OperatorError(USAGE);
      print(operatorCommands.resetLink(args[0]));
      break;
    default:
      throw new OperatorError(`Unknown command "${command}".\n${USAGE}`);
  }
  globalThis.__rampartDb?.sqlite.close();
} catch (error) {
  if (error instanceof OperatorError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
