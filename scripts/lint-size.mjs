// npm run lint, after Biome: no product file is over 250 lines (docs/architecture.md, "The layers
// and their rules"). A long file is split by concern. Generated files (migrations and their
// snapshots) are not product code. Exit 1 naming each file over the limit.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const MAX_LINES = 250;
const PRODUCT = /^(app|components|lib|scripts)\/.*\.(ts|tsx|mjs|js)$/;
const GENERATED = /^lib\/db\/migrations\//;

const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "app", "components", "lib", "scripts"], {
  encoding: "utf8",
})
  .split("\n")
  .filter((f) => PRODUCT.test(f) && !GENERATED.test(f));
const over = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    continue; // listed by git but deleted in the work tree
  }
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  if (lines > MAX_LINES) over.push(`${file}: ${lines} lines (at most ${MAX_LINES}; split it by concern)`);
}
if (over.length) {
  console.error(over.join("\n"));
  process.exit(1);
}
console.log(`lint-size: ${files.length} product files, none over ${MAX_LINES} lines`);
