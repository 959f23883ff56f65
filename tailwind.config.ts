import type { Config } from "tailwindcss";

// The dashboard's theme, loaded by app/globals.css through `@config`.
const config: Config = {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  theme: {
    extend: {
      // Every colour is a CSS variable (app/globals.css) holding its light and dark value, so a
      // page follows the member's scheme (System / Light / Dark) with no `dark:` variants.
      colors: {
        brand: {
          50: "var(--brand-50)",
          100: "var(--brand-100)",
          200: "var(--brand-200)",
          500: "var(--brand-500)",
          600: "var(--brand-600)",
          700: "var(--brand-700)",
          900: "var(--brand-900)",
        },
        surface: "var(--surface)",
        canvas: "var(--canvas)",
        line: "var(--line)",
        link: "var(--link)",
        ink: { DEFAULT: "var(--ink)", muted: "var(--ink-muted)", faint: "var(--ink-faint)" },
        status: {
          success: "var(--status-success)",
          "success-bg": "var(--status-success-bg)",
          pending: "var(--status-pending)",
          "pending-bg": "var(--status-pending-bg)",
          failed: "var(--status-failed)",
          "failed-bg": "var(--status-failed-bg)",
          unknown: "var(--status-unknown)",
          "unknown-bg": "var(--status-unknown-bg)",
        },
        chart: { volume: "var(--chart-volume)", count: "var(--chart-count)", muted: "var(--chart-muted)" },
      },
      fontFamily: {
        sans: ["Inter", "ui-sans-serif", "system-ui", "-apple-system", "Segoe UI", "Roboto", "sans-serif"],
        mono: ["ui-monospace", "SFMono-Regular", "Menlo", "Consolas", "monospace"],
      },
      borderRadius: { card: "0.75rem" },
      boxShadow: { card: "0 1px 2px rgb(16 24 40 / 0.05), 0 1px 3px rgb(16 24 40 / 0.06)" },
    },
  },
};

export default config;
