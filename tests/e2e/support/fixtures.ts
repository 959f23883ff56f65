// The walk-throughs' own `test`: who the page is signed in as, said in one word
// (`test.use({ role: "owner" })`; staff unless a file says otherwise, as the ui project runs),
// other members' browsers closed with the test, a merchant's webhook receiver whose endpoints go
// with the test, and the run's mailbox as of the test's start.
import { type BrowserContext, type BrowserContextOptions, test as base } from "@playwright/test";
import { apiAs } from "./api";
import type { Mail } from "../../support/smtp-sink";
import { mailbox, mailTo } from "./mail";
import { stateOf, type E2eRole } from "./users";
import { deleteEndpointsAt, type Receiver, startReceiver } from "./webhooks";

export { expect } from "@playwright/test";

/** A member of the seeded team, or nobody signed in. */
export type Role = E2eRole | "anonymous";

const signedInAs = (role: Role) => (role === "anonymous" ? { cookies: [], origins: [] } : stateOf(role));

type Fixtures = {
  role: Role;
  /** A browser of its own signed in as `role` (with `options`: a width, a scheme), closed with the test. */
  browserAs: (role: Role, options?: BrowserContextOptions) => Promise<BrowserContext>;
  /** A merchant's receiver on this machine; the endpoints pointing at it are removed after the test, whatever became of it. */
  receiver: Receiver;
  /** The messages the run's SMTP sink got since the test began. */
  mailbox: { all: () => Mail[]; to: (address: string, match: (m: Mail) => boolean, timeout?: number) => Promise<Mail> };
};

/** browserAs, for a helper that opens a member's (or nobody's) browser of its own. */
export type BrowserAs = Fixtures["browserAs"];

export const test = base.extend<Fixtures>({
  role: ["staff", { option: true }],
  storageState: async ({ role }, use) => use(signedInAs(role)),
  browserAs: async ({ browser }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (role, options = {}) => {
      const context = await browser.newContext({ ...options, storageState: signedInAs(role) });
      opened.push(context);
      return context;
    });
    for (const context of opened) await context.close();
  },
  receiver: async ({ baseURL }, use) => {
    const receiver = await startReceiver();
    await use(receiver);
    const owner = await apiAs("owner", baseURL!);
    await deleteEndpointsAt(owner, receiver.origin);
    await owner.dispose();
    await receiver.close();
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  mailbox: async ({}, use) => {
    const since = new Date().toISOString();
    const fresh = (m: Mail) => m.at >= since;
    await use({
      all: () => mailbox().filter(fresh),
      to: (address, match, timeout) => mailTo(address, (m) => fresh(m) && match(m), timeout),
    });
  },
});
