// The file import's words and sends (components/ui/import-words.ts), on files read by both real
// readers: what a read says, the rows sent as each server's schema reads them, a refusal's fields
// as lines of the file, and a network read from the number.
import { describe, expect, it } from "vitest";
import { pastedName, networkFromNumber, readLine, rowsToSend, sendRefusal } from "@/components/ui/import-words";
import { parseBatchFile } from "@/lib/batches/parse-file";
import { newBatchSchema } from "@/lib/batches/schema";
import { importSchema, parseImportFile } from "@/lib/customers/import-rows";
import { HttpError } from "@/components/ui/fetch-json";

const read = <T>(parsed: { ok: true; rows: T[] } | { ok: false; message: string }): T[] => {
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rows;
};

describe("readLine", () => {
  it("counts the rows read and those that need attention, in the singular for one", () => {
    const batch = read(parseBatchFile("phone,amount,description\n0241234567,10.00,Fees\n12345,abc,Fees\n0241234568,5.00,Fees"));
    expect(readLine("fees", batch)).toBe("3 rows read from fees, 1 needs attention.");
    expect(readLine("fees", batch.slice(0, 1))).toBe("1 row read from fees, every row is ready.");
    const customers = read(parseImportFile("name,phone\n,12345\nAma,0241234567\n,0241"));
    expect(readLine("Pasted rows 2026-11-27", customers)).toBe("3 rows read from Pasted rows 2026-11-27, 2 need attention.");
  });

  it("groups thousands as the summary does", () => {
    const lines = Array.from({ length: 1204 }, (_, i) => `0241${String(i).padStart(6, "0")},1.00,Fees`);
    const rows = read(parseBatchFile(`phone,amount,description\n${lines.join("\n")}`));
    expect(readLine("big", rows)).toBe("1,204 rows read from big, every row is ready.");
  });
});

describe("pastedName", () => {
  it("names pasted rows by the day in UTC", () => {
    expect(pastedName(new Date("2026-11-27T23:59:00Z"))).toBe("Pasted rows 2026-11-27");
  });
});

describe("rowsToSend", () => {
  it("sends each row's cells as typed with its line, as both servers' schemas read them", () => {
    const batch = read(parseBatchFile("Reference,Phone,Amount,Description\nSTU-1,0241234567, 10.00 ,Fees"));
    const sentBatch = rowsToSend(batch);
    expect(sentBatch).toEqual([
      { line: 2, phone: "0241234567", amount: " 10.00 ", currency: "", network: "", description: "Fees", customer_reference: "STU-1" },
    ]);
    expect(newBatchSchema.safeParse({ label: "Fees", rows: sentBatch }).success).toBe(true);

    // Line 3 dropped in the preview: the rows sent keep their lines in the file.
    const customers = read(parseImportFile("name,phone,student_id\nAma,024 123 4567,S-1\nBroken,12345,\nKofi,0201234567,")).filter(
      (r) => r.check.ok,
    );
    const sentCustomers = rowsToSend(customers);
    expect(sentCustomers.map((r) => [r.line, r.name, r.phone, r.reference])).toEqual([
      [2, "Ama", "024 123 4567", "S-1"],
      [4, "Kofi", "0201234567", ""],
    ]);
    expect(importSchema.parse({ rows: sentCustomers }).rows.map((r) => r.line)).toEqual([2, 4]);
  });
});

describe("networkFromNumber", () => {
  it("names the number's network in an empty cell, and leaves a filled one as typed", () => {
    expect(networkFromNumber("", "mtn")).toBe("MTN Mobile Money (from the number)");
    expect(networkFromNumber("  ", "mtn")).toBe("MTN Mobile Money (from the number)");
    expect(networkFromNumber("MTN", "mtn")).toBeUndefined();
  });
});

describe("sendRefusal", () => {
  const sent = [{ line: 2 }, { line: 5 }, { line: 9 }];

  it("is nothing before a send fails", () => {
    expect(sendRefusal(null, "Not sent.", sent)).toBeNull();
  });

  it("keeps the server's words and names each refused field by its line in the file, at most five", () => {
    const fields = {
      "rows.1.currency": "This account charges in GHS only",
      "rows.2.phone": "Enter a 10-digit number such as 024 123 4567",
      label: "Name the batch",
      "rows.7.amount": "Enter an amount",
      "rows.0.amount": "Enter an amount",
      "rows.0.phone": "Enter a 10-digit number such as 024 123 4567",
    };
    const refusal = sendRefusal(new HttpError(422, "invalid_request", "Some rows are not right.", fields), "Not sent.", sent);
    expect(refusal).toEqual({
      message: "Some rows are not right.",
      lines: [
        "Line 5, currency: This account charges in GHS only",
        "Line 9, phone: Enter a 10-digit number such as 024 123 4567",
        // Not a row's field, or a row that was not sent: said as the server named it.
        "label: Name the batch",
        "rows.7.amount: Enter an amount",
        "Line 2, amount: Enter an amount",
      ],
    });
  });

  it("lists no lines when the server named no field", () => {
    expect(sendRefusal(new HttpError(409, "conflict", "Already sent."), "Not sent.", sent)).toEqual({
      message: "Already sent.",
      lines: null,
    });
  });

  it("says the page's own words when the failure is no answer of the server", () => {
    expect(sendRefusal(new TypeError("Failed to fetch"), "The batch could not be sent.", sent)).toEqual({
      message: "The batch could not be sent.",
      lines: null,
    });
  });
});
