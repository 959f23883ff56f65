// The post-sign-in destination: only a path on this site, never another host.
import { describe, expect, test } from "vitest";
import { safeNextPath } from "@/lib/safe-next";

const APP = "https://dashboard.example";

/** Where a browser actually goes when the app navigates to this value. */
const landsOn = (path: string) => new URL(path, APP).origin;

describe("safeNextPath", () => {
  test.each(["/", "/transactions", "/transactions/abc-123", "/charges/new?amount=5#top", "/team?next=//evil.example"])(
    "keeps %j",
    (path) => {
      expect(safeNextPath(path)).toBe(path);
      expect(landsOn(path)).toBe(APP);
    },
  );

  test.each([
    ["https://evil.example/", "absolute URL"],
    ["http://dashboard.example/transactions", "absolute URL to this very host"],
    ["javascript:alert(1)", "script URL"],
    ["//evil.example", "protocol-relative"],
    ["//evil.example/transactions", "protocol-relative with path"],
    ["/\\evil.example", "backslash, read as a slash by browsers"],
    ["transactions", "relative without a slash"],
    ["", "empty"],
  ])("refuses %j (%s)", (value) => {
    expect(safeNextPath(value)).toBeNull();
  });

  test.each([null, undefined])("%j → null", (value) => {
    expect(safeNextPath(value)).toBeNull();
  });

  // The URL parser drops tabs and newlines anywhere, so "/\t/evil" would become "//evil" once
  // the router resolves it: `?next=/%09/evil.example` must not redirect off the site.
  test.each(["/\t/evil.example", "/\n/evil.example", "/\r\\evil.example"])(
    "refuses %j (control character before a second slash)",
    (value) => {
      expect(safeNextPath(value)).toBeNull();
    },
  );

  test("whatever it accepts stays on this site", () => {
    const tries = ["/a", "/./b", "/%2F%2Fevil.example", "/%5Cevil.example", "/..//evil.example", "/ /evil.example", "/@evil.example"];
    for (const value of tries) {
      const result = safeNextPath(value);
      if (result !== null) expect(landsOn(result), value).toBe(APP);
    }
  });
});
