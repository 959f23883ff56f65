// The types of scripts/lint-migrations.mjs (run by node in `npm run lint`, imported by its test).
export function lintMigrations(files: { name: string; sql: string }[], baseline?: string): string[];
