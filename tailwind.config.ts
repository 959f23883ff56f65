import type { Config } from "tailwindcss";

// The dashboard's theme, loaded by app/globals.css through `@config`.
const config: Config = {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#eef6ff",
          100: "#d9eaff",
          200: "#bcdaff",
          500: "#2f6fed",
          600: "#1f57d6",
          700: "#1a45ad",
          900: "#14295f",
        },
        ink: { DEFAULT: "#172033", muted: "#4b5567", faint: "#6b7385" },
        line: "#e3e7ee",
        canvas: "#f6f8fb",
        status: {
          success: "#0f7a43",
          "success-bg": "#e3f6ec",
          pending: "#8a5a00",
          "pending-bg": "#fff4d6",
          failed: "#b42318",
          "failed-bg": "#fde8e7",
          unknown: "#5b3fa8",
          "unknown-bg": "#efe9fb",
        },
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
