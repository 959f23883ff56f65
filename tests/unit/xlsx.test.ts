// The XLSX dialect (lib/xlsx.ts) read back by SheetJS (@e965/xlsx), not by the writer: a bold
// heading row that stays in view, every cell text with the text format, formula-looking values
// made inert as in the CSV, empty values as empty cells; and pages asked for only as the reader
// takes the bytes, so a reader that stops makes the writer stop.
import { randomBytes } from "node:crypto";
import * as XLSX from "@e965/xlsx";
import { expect, test } from "vitest";
import { xlsxStream } from "@/lib/xlsx";

const COLUMNS = ["time", "amount", "phone", "note"] as const;
type Row = Record<(typeof COLUMNS)[number], string>;

/** A writer over `pages`, counting how many it was asked for. */
function over(pages: Row[][]) {
  let asked = 0;
  const stream = xlsxStream({ sheet: "Test", columns: COLUMNS, widths: { note: 40 } }, async () => pages[asked++] ?? null);
  return { stream, asked: () => asked };
}

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A part of the zip as text (the sheet's XML, its styles). */
function part(file: Buffer, name: string): string {
  const zip = XLSX.CFB.read(file, { type: "buffer" }) as { FullPaths: string[]; FileIndex: { content: Uint8Array }[] };
  const at = zip.FullPaths.findIndex((p) => p.endsWith(`/${name}`));
  expect(at, name).toBeGreaterThanOrEqual(0);
  return Buffer.from(zip.FileIndex[at].content).toString("utf8");
}

test("a bold heading row, frozen; every cell text in the text format; empty values are empty cells", async () => {
  const rows: Row[] = [
    { time: "2026-11-26 13:15:02", amount: "1234567.89", phone: "024 123 4567", note: "" },
    { time: "2026-11-26 13:16:00", amount: "0.10", phone: "024 ••• ••67", note: "12345678901234567890123" },
  ];
  const file = await bytesOf(over([rows]).stream);
  const book = XLSX.read(file, { type: "buffer", cellNF: true, cellFormula: true });
  const sheet = book.Sheets.Test;
  expect(XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true, defval: "" })).toEqual([
    [...COLUMNS],
    ["2026-11-26 13:15:02", "1234567.89", "024 123 4567", ""],
    ["2026-11-26 13:16:00", "0.10", "024 ••• ••67", "12345678901234567890123"],
  ]);
  for (const address of ["A2", "B2", "C2", "B3", "D3"]) expect(sheet[address], address).toMatchObject({ t: "s", z: "@" });
  expect(sheet.D2?.v).toBeUndefined();
  const xml = part(file, "xl/worksheets/sheet1.xml");
  expect(xml).toMatch(/<pane [^>]*ySplit="1"[^>]*state="frozen"/);
  expect(xml).not.toMatch(/<f[ >]/);
  expect(part(file, "xl/styles.xml")).toMatch(/<b\/>/);
});

test("a value that a spreadsheet would read as a formula is text with the CSV's leading quote", async () => {
  const risky = ['=HYPERLINK("http://evil.example","x")', "+1", "-2", "@SUM(A1)", "\t=1+1", "\r=1+1"];
  const rows = risky.map((note) => ({ time: "", amount: "1.00", phone: "", note }));
  const file = await bytesOf(over([rows]).stream);
  const sheet = XLSX.read(file, { type: "buffer", cellFormula: true }).Sheets.Test;
  risky.forEach((note, i) => {
    const cell = sheet[`D${i + 2}`] as XLSX.CellObject;
    expect(cell.f, note).toBeUndefined();
    expect(cell, note).toMatchObject({ t: "s", v: `'${note}` });
  });
  expect(part(file, "xl/worksheets/sheet1.xml")).not.toMatch(/<f[ >]/);
});

test("pages are asked for as the reader takes the bytes: a reader that stops after one chunk stops the writer", async () => {
  // Text that compresses badly, so each page is hundreds of kilobytes in the zip too.
  const page = (p: number) =>
    Array.from({ length: 1_000 }, (_, i) => ({
      time: `page ${p}`,
      amount: String(i),
      phone: "024 123 4567",
      note: randomBytes(72).toString("hex"),
    }));
  const pages = Array.from({ length: 12 }, (_, p) => page(p));
  const { stream, asked } = over(pages);
  const reader = stream.getReader();
  const first = await reader.read();
  expect(first.done).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(asked()).toBeLessThanOrEqual(3);

  const chunks = [Buffer.from(first.value!)];
  for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(Buffer.from(r.value));
  expect(asked()).toBe(13);
  const sheet = XLSX.read(Buffer.concat(chunks), { type: "buffer" }).Sheets.Test;
  const rows = XLSX.utils.sheet_to_json<Row>(sheet, { raw: true, defval: "" });
  expect(rows).toHaveLength(12_000);
  expect(rows.map((r) => `${r.time}/${r.amount}/${r.note}`)).toEqual(pages.flat().map((r) => `${r.time}/${r.amount}/${r.note}`));
}, 60_000);

test("a page that fails ends the download with its error, never a file that looks whole", async () => {
  let asked = 0;
  const stream = xlsxStream({ sheet: "Test", columns: COLUMNS }, async () => {
    if (asked++ === 2) throw new Error("the database went away");
    return Array.from({ length: 500 }, () => ({ time: "t", amount: "1.00", phone: "p", note: randomBytes(64).toString("hex") }));
  });
  await expect(bytesOf(stream)).rejects.toThrow("the database went away");
});
