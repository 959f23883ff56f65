// An export's audit entry keeps its selection, but never the customer data a search holds: a
// phone number is kept masked, words searched in descriptions not at all (docs/operations.md, "Personal data").
import { expect, test } from "vitest";
import { exportAuditDetail } from "@/lib/history/export-audit";

test("a phone search is kept masked, in whatever form it was typed, and the other filters whole", () => {
  for (const q of ["0241234567", "+233 24 123 4567", "024-123-4567", "00233241234567"]) {
    const d = exportAuditDetail({ q, status: "failed" });
    expect(d).toEqual({ filters: "status=failed", search: { kind: "phone", shown: "024•••••67" } });
    expect(JSON.stringify(d)).not.toMatch(/123/);
  }
});

test("words searched in descriptions are not kept at all", () => {
  const d = exportAuditDetail({ q: "fees for Ama, class 3", network: "mtn" });
  expect(d).toEqual({ filters: "network=mtn", search: { kind: "description" } });
  expect(JSON.stringify(d)).not.toContain("Ama");
});

test("a reference search is no customer data: it is kept, so the owner can open the same list", () => {
  expect(exportAuditDetail({ q: "TXN-MOMO-1795" })).toEqual({ filters: "q=TXN-MOMO-1795" });
  expect(exportAuditDetail({})).toEqual({ filters: "(none)" });
});
