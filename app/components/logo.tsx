import { Link } from "@remix-run/react";

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2 font-semibold text-ink no-underline" aria-label="Rampart home">
      <svg viewBox="0 0 32 32" className="h-7 w-7 shrink-0" aria-hidden="true">
        <path fill="#1d4ed8" d="M16 2 4 7v8c0 7.4 5.1 14.3 12 16 6.9-1.7 12-8.6 12-16V7z" />
        <path fill="#fff" d="M11 10h7a4 4 0 0 1 1.2 7.8L22 23h-3.3l-2.5-5H14v5h-3zm3 2.6V15h4a1.2 1.2 0 0 0 0-2.4z" />
      </svg>
      {compact ? null : <span>Rampart</span>}
    </Link>
  );
}
