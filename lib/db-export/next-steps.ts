// What `npm run db:export` tells the operator after writing the file: what it holds, how to load
// it, and how to carry the audit log's signing key over, by the key file's path and never the key
// itself, since a terminal's output ends up in logs (docs/decisions/export-signing-key.md).
export type Summary = {
  charges: number;
  customers: number;
  batches: number;
  payLinks: number;
  auditEntries: number;
  auditHead: string | null;
  bytes: number;
};

/** A path as one word of a shell command line, quoted only when it must be. */
const shellWord = (p: string) => (/^[\w@%+=:,./-]+$/.test(p) ? p : `'${p.replaceAll("'", `'\\''`)}'`);

const n = (count: number) => count.toLocaleString("en");
const size = (bytes: number) => (bytes < 1_048_576 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1_048_576).toFixed(1)} MB`);

/** `keyFile`: the key file's path; null when AUDIT_SIGNING_KEY is set; undefined when there is no key. */
export function nextSteps(o: { dir: string; file: string; summary: Summary; keyFile: string | null | undefined }): string[] {
  const s = o.summary;
  const file = shellWord(o.file);
  const key =
    o.keyFile === null
      ? [
          "  2. Start the dashboard on it with the AUDIT_SIGNING_KEY set now (it signed the audit log), kept in your secret store:",
          "       DATABASE_URL=postgres://USER:PASSWORD@HOST/momo AUDIT_SIGNING_KEY=<the same key> npm start",
        ]
      : o.keyFile
        ? [
            `  2. Start the dashboard on it with the key that signed the audit log, from ${o.keyFile}`,
            "     (keep it in your secret store from now on: with DATABASE_URL it is required):",
            `       DATABASE_URL=postgres://USER:PASSWORD@HOST/momo AUDIT_SIGNING_KEY="$(cat ${shellWord(o.keyFile)})" npm start`,
          ]
        : [
            `  2. Start the dashboard on it with DATABASE_URL and AUDIT_SIGNING_KEY set to the key it ran with: there is none in ${o.dir}`,
            "     and AUDIT_SIGNING_KEY is not set here. With another key, verification names the entries made so far as signed with another key.",
          ];
  return [
    `Exported the embedded database in ${o.dir} to ${o.file} (${size(s.bytes)}):`,
    `  ${n(s.charges)} charges, ${n(s.customers)} customers, ${n(s.batches)} bulk batches, ${n(s.payLinks)} pay links, ${n(s.auditEntries)} audit entries.`,
    "It holds customers' numbers and the team's accounts: it is personal data. Keep it as safe as the data folder, and delete it once loaded.",
    "",
    "Next (docs/operations.md, “Moving to PostgreSQL”), on PostgreSQL 15 or later, with the server stopped:",
    "  1. Load it into a new, empty database, as the role that is to own it:",
    "       createdb momo",
    `       psql -v ON_ERROR_STOP=1 --single-transaction -d momo -f ${file}`,
    ...key,
    "  3. Check the move with the same two settings: npm run audit:verify",
    s.auditHead ? `     must verify and print this head hash: ${s.auditHead}` : "     must verify (the log is empty).",
  ];
}
