import {
  Activity,
  BarChart3,
  Bell,
  Briefcase,
  Bug,
  ClipboardCheck,
  Cloud,
  Crosshair,
  EyeOff,
  Globe,
  GraduationCap,
  KeyRound,
  Laptop,
  LayoutDashboard,
  LifeBuoy,
  Mail,
  Network,
  ScrollText,
  Settings,
  ShieldCheck,
  Siren,
  Sparkles,
  Workflow,
} from "~/components/ui/icons";
import { type LucideIcon } from "lucide-react";
import type { IconName } from "~/lib/app-routes";

const ICONS: Record<IconName, LucideIcon> = {
  LayoutDashboard,
  Globe,
  Mail,
  KeyRound,
  EyeOff,
  Bug,
  ScrollText,
  BarChart3,
  Activity,
  Laptop,
  Bell,
  Sparkles,
  Crosshair,
  Siren,
  Briefcase,
  GraduationCap,
  LifeBuoy,
  ClipboardCheck,
  Settings,
  ShieldCheck,
  Cloud,
  Workflow,
  Network,
};

export function NavIcon({ name, className }: { name: IconName; className?: string }) {
  const Icon = ICONS[name];
  return <Icon className={className ?? "h-4 w-4 shrink-0"} aria-hidden="true" />;
}
