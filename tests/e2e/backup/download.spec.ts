// Settings' Backups section as the owner uses it, at desktop and phone widths: what a backup holds
// and whether it is encrypted, and Download a backup, which gives the one file restore reads.
import { readFile } from "node:fs/promises";
import { expect, test } from "../support/fixtures";
import { axeViolations } from "../support/axe";
import { reauth } from "../support/reauth";

test.use({ role: "owner" });

test("the owner downloads a backup from Settings: one file with its manifest; the section reads well at both widths", async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/settings");
    const section = page.getByRole("heading", { name: "Backups" });
    await expect(section).toBeVisible();
    await expect(page.getByTestId("backup-encryption")).toHaveText(
      "Backups are not encrypted: keep each file as safely as customers' personal data.",
    );
    expect(await axeViolations(page, { label: `settings at ${width} px` })).toEqual([]);
  }
  // The download asks for a recent proof (REAUTH_MINUTES); this page's session proves it first.
  await reauth(page.request);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download a backup" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^momo-backup-\d{8}T\d{9}Z\.backup$/);
  const file = await readFile(await download.path());
  const [magic, header] = file.subarray(0, 100_000).toString("latin1").split("\n");
  expect(magic).toBe("MOMO-DASHBOARD-BACKUP 1");
  const { manifest, encryption } = JSON.parse(header);
  expect(encryption).toBeNull();
  // The download is audited before the backup is taken: the file holds at least that entry.
  expect(manifest.rows.audit_events).toBeGreaterThan(0);
  expect(manifest.migrations[0]).toBe("0000_init");
});
