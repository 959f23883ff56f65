// The commands docs/operations.md gives an operator, read from the guide itself, so that the tests
// run them exactly as written (the same flags): a section's ```sh block, one command a line, with
// its leading settings (NAME=value) apart.
import { readFileSync } from "node:fs";

export type Documented = { settings: Record<string, string>; argv: string[]; line: string };

/** The ```sh block of the `## title` section of docs/operations.md, a command a line. */
export function documentedCommands(title: string): Documented[] {
  const guide = readFileSync("docs/operations.md", "utf8");
  const start = guide.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`docs/operations.md: no section “${title}”`);
  const section = guide.slice(start + 1, guide.indexOf("\n## ", start + 1));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error(`docs/operations.md: no sh block under “${title}”`);
  return block
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => {
      // Words as the shell splits them, a "…" quoted one kept whole.
      const words = line.match(/(?:[^\s"]+|"[^"]*")+/g) ?? [];
      const settings: Record<string, string> = {};
      while (/^[A-Z_]+=/.test(words[0] ?? "")) {
        const [name, ...value] = words.shift()!.split("=");
        settings[name] = value.join("=");
      }
      return { settings, argv: words, line };
    });
}

/** `argv` with each word that `names` lists replaced (the guide's `momo` by the test's database). */
export const renamed = (argv: string[], names: Record<string, string>) => argv.map((w) => names[w] ?? w);
