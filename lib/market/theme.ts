// The colour schemes a member may choose; plain data, shared by the page and its handler (whose
// schema is in lib/team/schema.ts: this module reaches the browser without zod).

export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_LABELS: Record<Theme, string> = { system: "System", light: "Light", dark: "Dark" };

export function isTheme(value: unknown): value is Theme {
  return (THEMES as readonly unknown[]).includes(value);
}
