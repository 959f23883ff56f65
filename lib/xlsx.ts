// The one XLSX dialect of the exports, beside lib/csv.ts's CSV, written by ExcelJS's streaming
// writer: one sheet, a bold heading row that stays in view (frozen) as the rows scroll, then each
// record a row. Every cell is text, with the sheet's text format (@) so that a value edited and
// entered again stays text: an amount keeps its exact decimals, a phone number its leading zero,
// a long reference its digits (no float, no scientific notation). The cells hold the CSV's text,
// neutralised alike (lib/csv.ts, neutralizeCell): a text cell is never a formula, and with the
// leading quote it does not become one when someone edits it either. An empty value is an empty
// cell.
//
// ExcelJS writes each row into the zip as it is committed; what has not left yet waits in its
// buffers. So a page is written only when the reader has taken every byte so far (the download
// pulls), and after a page the writer waits for the compressor's output before writing another:
// about a page ahead of the download, never the whole file.
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { neutralizeCell } from "@/lib/csv";

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** How long a page waits for the compressor's first output before the next one is written (a small page may give none). */
const OUTPUT_WAIT_MS = 25;

export type SheetSpec<K extends string> = {
  sheet: string;
  columns: readonly K[];
  /** Column widths in characters, where the heading's own width is too narrow. */
  widths?: Partial<Record<K, number>>;
};

/**
 * The workbook as a byte stream: `next()` gives the next page of records, or null after the last.
 * Pages are asked for only as the reader pulls; a failed page ends the stream with its error.
 */
export function xlsxStream<K extends string>(
  spec: SheetSpec<K>,
  next: () => Promise<Record<K, string>[] | null>,
): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  // A failure is read from `out.errored` by the next pull, never thrown at the process.
  out.on("error", () => {});
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(spec.sheet, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = spec.columns.map((key) => ({
    key,
    width: Math.max(spec.widths?.[key] ?? 0, key.length + 2),
    style: { numFmt: "@" },
  }));
  const heading = sheet.addRow([...spec.columns]);
  heading.font = { bold: true };
  heading.commit();
  let written = false;

  async function writePage(): Promise<void> {
    const records = await next();
    if (written) return; // the reader went away meanwhile
    if (!records) {
      written = true;
      sheet.commit();
      // Its end (or failure) reaches the reader through `out`.
      book.commit().catch((error: unknown) => out.destroy(error as Error));
      return;
    }
    for (const r of records) sheet.addRow(spec.columns.map((c) => cell(r[c]))).commit();
    await outputOf(out, OUTPUT_WAIT_MS);
  }

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (out.errored) throw out.errored;
        const chunk = out.read() as Buffer | null;
        if (chunk) return controller.enqueue(new Uint8Array(chunk));
        if (out.readableEnded) return controller.close();
        if (written) await outputOf(out);
        else await writePage();
      }
    },
    cancel() {
      written = true;
      out.destroy();
    },
  });
}

function cell(value: string): string | null {
  return value === "" ? null : neutralizeCell(value);
}

/** Resolves once `out` has bytes to read, has ended or failed (or after `ms`, when given). */
function outputOf(out: PassThrough, ms?: number): Promise<void> {
  if (out.readableLength > 0 || out.readableEnded || out.errored) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = ms === undefined ? undefined : setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      for (const event of ["readable", "end", "error", "close"]) out.off(event, done);
      resolve();
    }
    for (const event of ["readable", "end", "error", "close"]) out.on(event, done);
  });
}
