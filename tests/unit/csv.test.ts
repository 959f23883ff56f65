// The exports as a spreadsheet opens them: read by SheetJS (@e965/xlsx, which guesses each cell's
// type as Excel and LibreOffice do), the number keeps its leading zero, the local time is a date,
// and the charges, a batch's results and the audit log name shared things with the same columns.
import * as XLSX from "@e965/xlsx";
import { describe, expect, test } from "vitest";
import { AUDIT_EXPORT_COLUMNS } from "@/lib/audit-log/export";
import { RESULTS_COLUMNS } from "@/lib/batches/results-csv";
import { csvNetwork, csvPhone, csvStatus, csvTimes, neutralizeCell, toCsv } from "@/lib/csv";
import { EXPORT_COLUMNS } from "@/lib/history/export";

/** Each cell of the first sheet as a spreadsheet holds it: its type (s text, n number, d date) and value. */
function open(csv: string) {
  const book = XLSX.read(csv.replace(/^\uFEFF/, ""), { type: "string", cellDates: true });
  const sheet = book.Sheets[book.SheetNames[0]];
  const rows = XLSX.utils.sheet_to_json<Record<string, XLSX.CellObject>>(sheet, { header: 1, raw: true }) as unknown as unknown[][];
  const cells = (row: number) =>
    Object.fromEntries((rows[0] as string[]).map((h, col) => [h, sheet[XLSX.utils.encode_cell({ r: row, c: col })] as XLSX.CellObject]));
  return { header: rows[0] as string[], cells };
}

describe("a file as a spreadsheet reads it", () => {
  const at = new Date("2026-11-26T10:15:02.345Z");
  const record = { ...csvTimes(at, "Africa/Nairobi"), phone: csvPhone("0241234567"), ...csvNetwork("mtn"), ...csvStatus("success") };
  const columns = ["time", "time_utc", "phone", "network", "network_code", "status", "status_code"] as const;

  test("the phone number stays text with its leading zero (a bare one would not)", () => {
    const { cells } = open(toCsv([record], columns));
    expect(cells(1).phone).toMatchObject({ t: "s", v: "024 123 4567" });
    // What the file held before: the spreadsheet turns it into the number 241234567.
    const bare = open(toCsv([{ ...record, phone: "0241234567" }], columns));
    expect(bare.cells(1).phone).toMatchObject({ t: "n", v: 241234567 });
    // A masked number is text too.
    expect(open(toCsv([{ ...record, phone: csvPhone("024•••••67") }], columns)).cells(1).phone).toMatchObject({
      t: "s",
      v: "024 ••• ••67",
    });
  });

  test("the time is the business's wall clock, which a spreadsheet reads as a date; the UTC one is beside it, to the second", () => {
    expect(record).toMatchObject({ time: "2026-11-26 13:15:02", time_utc: "2026-11-26T10:15:02Z" });
    const { cells } = open(toCsv([record], columns));
    expect(cells(1).time.t).toBe("d");
    expect((cells(1).time.v as Date).getUTCMinutes()).toBe(15);
    expect(csvTimes(null, "Africa/Accra")).toEqual({ time: "", time_utc: "" });
    expect(csvTimes(at, "Africa/Accra").time).toBe("2026-11-26 10:15:02");
  });

  test("networks and statuses by name, with their codes beside them", () => {
    const { cells } = open(toCsv([record], columns));
    expect([cells(1).network.v, cells(1).network_code.v, cells(1).status.v, cells(1).status_code.v]).toEqual([
      "MTN Mobile Money",
      "mtn",
      "Success",
      "success",
    ]);
    expect(csvStatus(null)).toEqual({ status: "", status_code: "" });
  });

  test("a formula-looking cell is text in the spreadsheet, never a formula", () => {
    const { cells } = open(toCsv([{ ...record, network: '=HYPERLINK("http://evil.example","x")' }], columns));
    expect(cells(1).network.f).toBeUndefined();
    expect(cells(1).network).toMatchObject({ t: "s", v: `'=HYPERLINK("http://evil.example","x")` });
    expect(neutralizeCell("@SUM(A1)")).toBe("'@SUM(A1)");
  });
});

test("the three exports name what they share with the same columns, codes beside names", () => {
  const shared = (columns: readonly string[]) =>
    columns.filter((c) =>
      [
        "time",
        "time_utc",
        "phone",
        "network",
        "network_code",
        "status",
        "status_code",
        "charge_id",
        "reference",
        "amount",
        "currency",
        "description",
      ].includes(c),
    );
  expect(shared(EXPORT_COLUMNS)).toEqual([
    "time",
    "time_utc",
    "status",
    "status_code",
    "amount",
    "currency",
    "phone",
    "network",
    "network_code",
    "reference",
    "description",
    "charge_id",
  ]);
  expect(shared(RESULTS_COLUMNS)).toEqual([
    "phone",
    "amount",
    "currency",
    "network",
    "network_code",
    "description",
    "status",
    "status_code",
    "reference",
    "charge_id",
  ]);
  expect(shared(AUDIT_EXPORT_COLUMNS)).toEqual(["time", "time_utc"]);
  expect(AUDIT_EXPORT_COLUMNS).toEqual(expect.arrayContaining(["event", "event_code"]));
});
