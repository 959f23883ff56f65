// The frame of a Pages Router staff page (components/layout/staff-frame.tsx), rendered as the
// server renders it: a form sent back with what to fix (400) or why it was refused (409) shows the
// page, with its words; a refusal (403, 404) or a view that threw (500) shows the frame's own.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { StaffFrame } from "@/components/layout/staff-frame";
import type { PageFrame } from "@/lib/layout/types";

const frame: PageFrame = {
  theme: "system",
  proofMinutes: 5,
  timeZone: "Africa/Accra",
  requestId: "req-1",
  nonce: null,
  header: { path: "/transactions", mode: "test", member: null, business: null, enrolling: false, unread: 0 },
};
const page = (status: 200 | 400 | 409 | 403 | 404 | 500) =>
  renderToStaticMarkup(
    createElement(StaffFrame, {
      frame,
      status,
      title: "Transactions",
      failed: { title: "Could not be loaded", message: "No answer.", retry: "/transactions" },
      // biome-ignore lint/correctness/noChildrenProp: createElement's props type asks for the frame's required children here
      children: createElement("p", null, "You already have a view named “Failed MTN”."),
    }),
  );

test.each([200, 400, 409] as const)("a page answered %i shows its content, never the failure", (status) => {
  const html = page(status);
  expect(html).toContain("You already have a view named");
  expect(html).not.toContain("Could not be loaded");
});

test.each([403, 404, 500] as const)("a page answered %i shows the frame's own words, not the content", (status) => {
  const html = page(status);
  expect(html).not.toContain("You already have a view named");
  if (status === 500) expect(html).toContain("Could not be loaded");
});
