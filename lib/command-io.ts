// What the operator's commands (`npm run audit:verify`, `db:restore`, `db:export`) are given, so a
// test calls the command's function with its own environment and collects its lines.

/** The command's environment: process.env for the real command. */
export type CommandEnv = Record<string, string | undefined>;
/** Where the command's lines go: standard output and standard error for the real command. */
export type CommandIo = { out: (line: string) => void; err: (line: string) => void };
