// The one CSV dialect of every export (the charges, a batch's results, the audit log), so a file
// opens the same way in any spreadsheet and the same thing has the same column everywhere:
//   time, time_utc   a moment in the business's time zone ("2026-11-26 10:15:02", which a
//                    spreadsheet reads as a date and time) and in UTC (ISO 8601, to the second)
//   phone            the number as the screen shows it ("024 123 4567", or masked): text in a
//                    spreadsheet, so the leading zero stays (a bare 0241234567 opens as 241234567)
//   network, status  the names the screens use, with network_code and status_code beside them
// Every cell is quoted and neutralised (a leading =, +, -, @, tab or CR made inert: OWASP "CSV
// Injection"); a byte-order mark lets Excel read UTF-8; lines end in CRLF.
import { stringify } from "csv-stringify/sync";
import { formatPhone, providerLabel } from "@/lib/market/networks";
import { statusLabel } from "@/lib/market/statuses";

// A spreadsheet app reads a cell starting with one of these as a formula (or, for tab and
// carriage return, may strip them and read what follows as one).
const FORMULA_START = /^[=+\-@\t\r]/;

/** Makes a cell inert for spreadsheet apps: a leading quote turns a would-be formula into text. */
export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** CSV text of `records` in the dialect above; `first`: the file's start (the BOM and the heading line). */
export function toCsv<K extends string>(records: Record<K, string>[], columns: readonly K[], first = true): string {
  return stringify(records, {
    columns: [...columns],
    header: first,
    bom: first,
    record_delimiter: "windows",
    quoted_string: true,
    cast: { string: neutralizeCell },
  });
}

const LOCAL = new Map<string, Intl.DateTimeFormat>();

/** A moment as `time` (the business's zone, "2026-11-26 10:15:02") and `time_utc` ("2026-11-26T10:15:02Z"); empty for none. */
export function csvTimes(at: Date | null | undefined, timeZone: string): { time: string; time_utc: string } {
  if (!at) return { time: "", time_utc: "" };
  let format = LOCAL.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("sv-SE", { dateStyle: "short", timeStyle: "medium", timeZone });
    LOCAL.set(timeZone, format);
  }
  return { time: format.format(at), time_utc: `${at.toISOString().slice(0, 19)}Z` };
}

/** The number as the screens show it (whole or already masked): text in a spreadsheet. */
export function csvPhone(phone: string): string {
  return formatPhone(phone);
}

/** A network's name, and its code beside it. */
export function csvNetwork(provider: string): { network: string; network_code: string } {
  return { network: providerLabel(provider), network_code: provider };
}

/** A status's name, and its code beside it; empty for none. */
export function csvStatus(status: string | null | undefined): { status: string; status_code: string } {
  return status ? { status: statusLabel(status), status_code: status } : { status: "", status_code: "" };
}
