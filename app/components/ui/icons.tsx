/**
 * The lucide icons of signed-in pages, drawn from one cached sprite inside the signed-in shell.
 *
 * Why: an inline lucide icon is an `<svg>` with its paths, rendered by React on every request; signed-in pages
 * carried 30-110 of them (the navigation, severity badges, table rows): 23-50 KB of each page's HTML and a large
 * share of the server's render time (docs/decisions/022-signed-in-page-speed.md). Inside `<IconSprite>` (the
 * signed-in shell) each icon is the same `<svg>` element, with the same attributes and classes, holding one
 * `<use href="/build/_assets/icon-sprite-HASH.svg#lucide-NAME">`: the sprite is a fingerprinted static file served
 * `immutable`, fetched once per release, and the symbol's paths inherit stroke and fill from the `<svg>` as the
 * inline paths did, so the icon looks the same. Outside the provider (public pages, which are static documents
 * measured by Lighthouse, decision 014) an icon renders inline exactly as lucide does.
 *
 * The sprite (`icon-sprite.svg`) is generated from these icons' own path data; `icons.test.tsx` fails when it
 * differs (after a lucide upgrade or a new icon here) and rewrites it with `UPDATE_ICON_SPRITE=1`.
 */
import * as L from "lucide-react";
import type { LucideIcon, LucideProps } from "lucide-react";
import { createContext, createElement, forwardRef, useContext, type ReactNode } from "react";
import spriteHref from "./icon-sprite.svg";

const SpriteContext = createContext<string | null>(null);

/** Icons below this provider are drawn from the sprite (the signed-in shell). */
export function IconSprite({ children }: { children: ReactNode }) {
  return <SpriteContext.Provider value={spriteHref}>{children}</SpriteContext.Provider>;
}

type IconNode = [string, Record<string, string>][];

/**
 * What lucide puts in an icon: its path data and its classes (`lucide-circle-check`, and for names with digits
 * both spellings, e.g. `lucide-trash2 lucide-trash-2`). A lucide icon is a forwardRef whose render function
 * returns lucide's `<Icon iconNode className>`; calling it reads both without rendering anything.
 */
export function lucideParts(icon: LucideIcon): { iconNode: IconNode; className: string; symbolId: string } {
  const element = (icon as unknown as { render: (p: object, ref: null) => { props: Record<string, unknown> } }).render(
    {},
    null,
  );
  const className = String(element.props.className);
  return { iconNode: element.props.iconNode as IconNode, className, symbolId: className.split(" ").at(-1)! };
}

// lucide's defaults (lucide-react/dist/esm/defaultAttributes.js), so a sprite icon has the inline one's attributes.
// Same order too, so the markup is the same.

const hasA11yProp = (props: Record<string, unknown>) =>
  Object.keys(props).some((k) => k.startsWith("aria-") || k === "role" || k === "title");

function spriteIcon(icon: LucideIcon): LucideIcon {
  let parts: ReturnType<typeof lucideParts> | undefined;
  const Sprite = forwardRef<SVGSVGElement, LucideProps>(function SpriteIcon(
    { color = "currentColor", size = 24, strokeWidth = 2, absoluteStrokeWidth, className, children, ...rest },
    ref,
  ) {
    const sprite = useContext(SpriteContext);
    if (!sprite)
      return createElement(icon, {
        ref,
        color,
        size,
        strokeWidth,
        absoluteStrokeWidth,
        className,
        children,
        ...rest,
      });
    parts ??= lucideParts(icon);
    return (
      <svg
        ref={ref}
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke={color}
        strokeWidth={absoluteStrokeWidth ? (Number(strokeWidth) * 24) / Number(size) : strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={["lucide", parts.className, className].filter(Boolean).join(" ")}
        {...(!children && !hasA11yProp(rest) ? { "aria-hidden": "true" as const } : {})}
        {...rest}
      >
        <use href={`${sprite}#${parts.symbolId}`} />
        {children}
      </svg>
    );
  });
  Sprite.displayName = icon.displayName;
  return Sprite as LucideIcon;
}

/** Every icon in the sprite, by the name components import it under. */
export const SPRITE_ICONS = {
  Activity: L.Activity,
  AlertOctagon: L.AlertOctagon,
  AlertTriangle: L.AlertTriangle,
  ArrowLeft: L.ArrowLeft,
  BarChart3: L.BarChart3,
  Bell: L.Bell,
  Briefcase: L.Briefcase,
  Bug: L.Bug,
  CalendarDays: L.CalendarDays,
  Check: L.Check,
  CheckCircle2: L.CheckCircle2,
  ChevronsLeft: L.ChevronsLeft,
  ChevronsRight: L.ChevronsRight,
  Circle: L.Circle,
  ClipboardCheck: L.ClipboardCheck,
  Clock: L.Clock,
  Cloud: L.Cloud,
  Crosshair: L.Crosshair,
  Database: L.Database,
  Download: L.Download,
  ExternalLink: L.ExternalLink,
  Eye: L.Eye,
  EyeOff: L.EyeOff,
  FileDown: L.FileDown,
  FileLock2: L.FileLock2,
  Globe: L.Globe,
  GraduationCap: L.GraduationCap,
  History: L.History,
  Hourglass: L.Hourglass,
  Inbox: L.Inbox,
  Info: L.Info,
  KeyRound: L.KeyRound,
  Laptop: L.Laptop,
  LayoutDashboard: L.LayoutDashboard,
  LifeBuoy: L.LifeBuoy,
  Loader2: L.Loader2,
  Lock: L.Lock,
  LogOut: L.LogOut,
  Mail: L.Mail,
  Menu: L.Menu,
  Minus: L.Minus,
  MinusCircle: L.MinusCircle,
  Network: L.Network,
  Package: L.Package,
  PanelLeftClose: L.PanelLeftClose,
  PanelLeftOpen: L.PanelLeftOpen,
  Plus: L.Plus,
  Printer: L.Printer,
  RefreshCw: L.RefreshCw,
  RotateCcw: L.RotateCcw,
  ScrollText: L.ScrollText,
  Search: L.Search,
  Settings: L.Settings,
  ShieldAlert: L.ShieldAlert,
  ShieldCheck: L.ShieldCheck,
  ShieldOff: L.ShieldOff,
  ShieldQuestion: L.ShieldQuestion,
  Siren: L.Siren,
  SkipForward: L.SkipForward,
  Sparkles: L.Sparkles,
  Trash2: L.Trash2,
  Upload: L.Upload,
  Users: L.Users,
  Workflow: L.Workflow,
  X: L.X,
  XCircle: L.XCircle,
} satisfies Record<string, LucideIcon>;

export const Activity = spriteIcon(L.Activity);
export const AlertOctagon = spriteIcon(L.AlertOctagon);
export const AlertTriangle = spriteIcon(L.AlertTriangle);
export const ArrowLeft = spriteIcon(L.ArrowLeft);
export const BarChart3 = spriteIcon(L.BarChart3);
export const Bell = spriteIcon(L.Bell);
export const Briefcase = spriteIcon(L.Briefcase);
export const Bug = spriteIcon(L.Bug);
export const CalendarDays = spriteIcon(L.CalendarDays);
export const Check = spriteIcon(L.Check);
export const CheckCircle2 = spriteIcon(L.CheckCircle2);
export const ChevronsLeft = spriteIcon(L.ChevronsLeft);
export const ChevronsRight = spriteIcon(L.ChevronsRight);
export const Circle = spriteIcon(L.Circle);
export const ClipboardCheck = spriteIcon(L.ClipboardCheck);
export const Clock = spriteIcon(L.Clock);
export const Cloud = spriteIcon(L.Cloud);
export const Crosshair = spriteIcon(L.Crosshair);
export const Database = spriteIcon(L.Database);
export const Download = spriteIcon(L.Download);
export const ExternalLink = spriteIcon(L.ExternalLink);
export const Eye = spriteIcon(L.Eye);
export const EyeOff = spriteIcon(L.EyeOff);
export const FileDown = spriteIcon(L.FileDown);
export const FileLock2 = spriteIcon(L.FileLock2);
export const Globe = spriteIcon(L.Globe);
export const GraduationCap = spriteIcon(L.GraduationCap);
export const History = spriteIcon(L.History);
export const Hourglass = spriteIcon(L.Hourglass);
export const Inbox = spriteIcon(L.Inbox);
export const Info = spriteIcon(L.Info);
export const KeyRound = spriteIcon(L.KeyRound);
export const Laptop = spriteIcon(L.Laptop);
export const LayoutDashboard = spriteIcon(L.LayoutDashboard);
export const LifeBuoy = spriteIcon(L.LifeBuoy);
export const Loader2 = spriteIcon(L.Loader2);
export const Lock = spriteIcon(L.Lock);
export const LogOut = spriteIcon(L.LogOut);
export const Mail = spriteIcon(L.Mail);
export const Menu = spriteIcon(L.Menu);
export const Minus = spriteIcon(L.Minus);
export const MinusCircle = spriteIcon(L.MinusCircle);
export const Network = spriteIcon(L.Network);
export const Package = spriteIcon(L.Package);
export const PanelLeftClose = spriteIcon(L.PanelLeftClose);
export const PanelLeftOpen = spriteIcon(L.PanelLeftOpen);
export const Plus = spriteIcon(L.Plus);
export const Printer = spriteIcon(L.Printer);
export const RefreshCw = spriteIcon(L.RefreshCw);
export const RotateCcw = spriteIcon(L.RotateCcw);
export const ScrollText = spriteIcon(L.ScrollText);
export const Search = spriteIcon(L.Search);
export const Settings = spriteIcon(L.Settings);
export const ShieldAlert = spriteIcon(L.ShieldAlert);
export const ShieldCheck = spriteIcon(L.ShieldCheck);
export const ShieldOff = spriteIcon(L.ShieldOff);
export const ShieldQuestion = spriteIcon(L.ShieldQuestion);
export const Siren = spriteIcon(L.Siren);
export const SkipForward = spriteIcon(L.SkipForward);
export const Sparkles = spriteIcon(L.Sparkles);
export const Trash2 = spriteIcon(L.Trash2);
export const Upload = spriteIcon(L.Upload);
export const Users = spriteIcon(L.Users);
export const Workflow = spriteIcon(L.Workflow);
export const X = spriteIcon(L.X);
export const XCircle = spriteIcon(L.XCircle);
