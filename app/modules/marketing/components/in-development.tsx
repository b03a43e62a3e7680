import { IN_DEVELOPMENT_LABEL, isInDevelopment } from "../module-status";

/** The "In development" badge, the same one /features shows beside a module. */
export function InDevelopmentBadge({ className = "ml-2" }: { className?: string }) {
  return (
    <span className={`${className} inline-block rounded-full bg-warn-light px-2 py-0.5 text-xs font-semibold text-ink`}>
      {IN_DEVELOPMENT_LABEL}
    </span>
  );
}

/** The badge when the module at `path` is in development (read from the route table), else nothing. */
export function ModuleStatusBadge({ path, className }: { path: string; className?: string }) {
  return isInDevelopment(path) ? <InDevelopmentBadge className={className} /> : null;
}

/** " (in development)" inside running text when the module at `path` is in development, else nothing. */
export function InDevelopmentAside({ path }: { path: string }) {
  return isInDevelopment(path) ? <> (in development)</> : null;
}
