import type { Config } from "tailwindcss";

// The design tokens live here, not in class strings: colours meet WCAG AA on
// their paired background (checked with axe in the end-to-end suite).
export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: { DEFAULT: "#1d4ed8", dark: "#1e3a8a", light: "#dbeafe" },
        surface: { DEFAULT: "#ffffff", muted: "#f8fafc", sunken: "#f1f5f9" },
        ink: { DEFAULT: "#0f172a", muted: "#475569", faint: "#64748b" },
        danger: { DEFAULT: "#b91c1c", light: "#fee2e2" },
        warn: { DEFAULT: "#92400e", light: "#fef3c7" },
        ok: { DEFAULT: "#166534", light: "#dcfce7" },
      },
      borderRadius: { card: "0.5rem" },
      fontFamily: {
        sans: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Helvetica Neue", "Arial", "sans-serif"],
        mono: ["ui-monospace", "SFMono-Regular", "Menlo", "Consolas", "monospace"],
      },
    },
  },
  plugins: [],
} satisfies Config;
