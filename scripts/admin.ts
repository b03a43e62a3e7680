// Operator commands. There is no payment provider: plans and trials are set here.
//   npm run admin -- plan <tenantId> <free|pro|business|enterprise>
//   npm run admin -- trial <tenantId> start|end
//   npm run admin -- users | tenants | messages
//   npm run admin -- verify-domain <tenantId> <domain>
//   npm run admin -- approve-network-target <tenantId> <range> (an attested IP range scheduled scans may reach)
//   npm run admin -- reset-link <email>   (a password reset link, for installs without SMTP)
//   npm run admin -- verify-email <email> (marks the address verified, for installs without SMTP)
//   npm run admin -- operator <email> [grant|revoke] (who may open the operator console, /operator)
//   npm run admin -- reset-2fa <email> (turns off a person's two-factor sign-in and ends their sessions; audited)
//   npm run admin -- public-url [<url>|unset] (the site's address for links in mail, when PUBLIC_URL is not set)
// <tenantId> is the tenantId that /api/tenants returns. The commands are the
// app's own module functions (app/modules/operator), run directly by tsx: no
// Remix build is needed or triggered. The database is migrated when opened.
import { closeDatabase } from "~/lib/db.server";
import { operatorCommands, OperatorError } from "~/modules/operator";

const USAGE = `Usage:
  npm run admin -- plan <tenantId> <free|pro|business|enterprise>
  npm run admin -- trial <tenantId> start|end
  npm run admin -- users
  npm run admin -- tenants
  npm run admin -- messages
  npm run admin -- verify-domain <tenantId> <domain>
  npm run admin -- approve-network-target <tenantId> <range>
  npm run admin -- reset-link <email>
  npm run admin -- verify-email <email>
  npm run admin -- operator <email> [grant|revoke]
  npm run admin -- reset-2fa <email>
  npm run admin -- public-url [<url>|unset]`;

function print(value: unknown) {
  if (typeof value === "string") console.log(value);
  else if (Array.isArray(value) && value.length && typeof value[0] === "object") console.table(value);
  else console.log(JSON.stringify(value, null, 2));
}

/** Runs one command; answers the process exit code. */
export function runAdmin(argv: string[]): number {
  const [command, ...args] = argv;
  if (!command || command === "help" || command === "--help") {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const two = () => {
    if (args.length !== 2) throw new OperatorError(USAGE);
    return args as [string, string];
  };
  try {
    switch (command) {
      case "plan":
        print(operatorCommands.plan(...two()));
        break;
      case "trial":
        print(operatorCommands.trial(...two()));
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
        print(operatorCommands.verifyDomain(...two()));
        break;
      case "approve-network-target":
        print(operatorCommands.approveNetworkTarget(...two()));
        break;
      case "reset-link":
        if (args.length !== 1) throw new OperatorError(USAGE);
        print(operatorCommands.resetLink(args[0]!));
        break;
      case "reset-2fa":
        if (!args[0]) throw new OperatorError("Usage: npm run admin -- reset-2fa <email>");
        print(operatorCommands.reset2fa(args[0]));
        break;
      case "verify-email":
        if (args.length !== 1) throw new OperatorError(USAGE);
        print(operatorCommands.verifyEmail(args[0]!));
        break;
      case "operator":
        if (args.length < 1 || args.length > 2) throw new OperatorError(USAGE);
        print(operatorCommands.operator(args[0]!, args[1]));
        break;
      case "public-url":
        if (args.length > 1) throw new OperatorError(USAGE);
        print(operatorCommands.publicUrl(args[0]));
        break;
      default:
        throw new OperatorError(`Unknown command "${command}".\n${USAGE}`);
    }
    return 0;
  } catch (error) {
    if (error instanceof OperatorError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    closeDatabase();
  }
}

process.exitCode = runAdmin(process.argv.slice(2));
