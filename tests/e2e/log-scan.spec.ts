// Last of the whole run: no server's log holds a customer's phone number, a description or a
// note that the tests used, nor the parameters of a database query — whatever was sent,
// refused or broken on the way (README, "Security": no customer data in logs).
import { readdir, readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { USED_TEXT_FILE } from "./support/used-text";

/**
 * A Ghanaian number as we store or receive it (10 local digits, or 233 and 9 digits), also
 * written in groups; not inside a longer run of letters, digits or dashes (a UUID's last group,
 * a TXN-MOMO-… reference, a timestamp).
 */
const PHONE = /(?<![\w+-])(?:0\d{9}|\+?233\d{9}|0\d{2}[ -]\d{3}[ -]\d{4})(?![\w-])/g;

test("no server log holds a phone number, a description, a note or a query's parameters", async () => {
  const logs = (await readdir(".e2e")).filter((f) => f.endsWith(".log"));
  expect(logs.length).toBeGreaterThanOrEqual(4);
  const used = [
    ...new Set(
      (await readFile(USED_TEXT_FILE, "utf8"))
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as string),
    ),
  ].filter((t) => t.length >= 8);
  expect(used.length, "descriptions and notes remembered by the tests").toBeGreaterThan(20);
  let lines = 0;
  for (const name of logs) {
    const text = await readFile(`.e2e/${name}`, "utf8");
    lines += text.split("\n").length;
    const phones = [...new Set([...text.matchAll(PHONE)].map((m) => m[0]))];
    expect(phones, `${name}: phone numbers`).toEqual([]);
    expect(text.includes("params:"), `${name}: a query's parameters`).toBe(false);
    for (const t of used) expect(text.includes(t), `${name} holds ${JSON.stringify(t)}`).toBe(false);
    // The fault-injection run's descriptions follow a pattern of their own.
    expect(/fi-[a-z0-9]+-\d+/.exec(text)?.[0], `${name}: a fault-injection description`).toBeUndefined();
  }
  expect(lines).toBeGreaterThan(100);
});
