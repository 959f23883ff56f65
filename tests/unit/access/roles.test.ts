// Who may do what (docs/user-guide.md, "Team, roles and sign-in"): owner everything, staff charges and reads,
// support reads, exports and reconciles. The table below is written from the design, not copied from roles.ts.
import { describe, expect, test } from "vitest";
import { can, HOME, isRole, NAV, ROLES, type Permission, type Role } from "@/lib/access/roles";

const ALLOWED: Record<Permission, Role[]> = {
  "charge:create": ["owner", "staff"],
  "charge:read": ["owner", "staff", "support"],
  // support reviews, exports and reconciles; owners do everything
  "charge:reconcile": ["owner", "support"],
  // issue 15: an owner or support records money given back (a reversal); staff do not
  "charge:reverse": ["owner", "support"],
  "charge:export": ["owner", "support"],
  // issue 15: the customers directory — read by all, kept by those who charge
  "customer:read": ["owner", "staff", "support"],
  "customer:manage": ["owner", "staff"],
  // issue 15: bulk charges — followed by all, prepared by those who charge, approved by an owner
  "batch:read": ["owner", "staff", "support"],
  "batch:create": ["owner", "staff"],
  "batch:approve": ["owner"],
  // issue 28: pay links — followed by all, made and kept by those who charge; support only reads
  "request:read": ["owner", "staff", "support"],
  "request:create": ["owner", "staff"],
  "charge:raw": ["owner", "support"],
  // issue 14: owner and support see every customer's number whole (staff only their own charges')
  "charge:phone": ["owner", "support"],
  "insight:read": ["owner", "support"],
  "account:read": ["owner"],
  "team:manage": ["owner"],
  "audit:read": ["owner"],
  // the business profile (name, logo, time zone) is the owner's; everyone changes their own password
  "business:manage": ["owner"],
  "backup:download": ["owner"],
  // issue 29: the merchant's systems are told of events through endpoints only an owner keeps
  "webhook:manage": ["owner"],
  "api_key:manage": ["owner"],
  "profile:own": ["owner", "staff", "support"],
};

const cases = (Object.keys(ALLOWED) as Permission[]).flatMap((permission) =>
  ROLES.map((role) => ({ permission, role, allowed: ALLOWED[permission].includes(role) })),
);

describe("can()", () => {
  test("the roles are exactly owner, staff and support", () => {
    expect([...ROLES].sort()).toEqual(["owner", "staff", "support"]);
  });

  test.each(cases)("$role → $permission: $allowed", ({ role, permission, allowed }) => {
    expect(can(role, permission)).toBe(allowed);
  });

  test("every permission the navigation uses is in the table above", () => {
    for (const item of NAV) expect(Object.keys(ALLOWED)).toContain(item.permission);
  });

  test("the owner may do everything", () => {
    for (const permission of Object.keys(ALLOWED) as Permission[]) expect(can("owner", permission)).toBe(true);
  });

  test("support may not make charges, see the account or manage the team", () => {
    expect(can("support", "charge:create")).toBe(false);
    expect(can("support", "account:read")).toBe(false);
    expect(can("support", "team:manage")).toBe(false);
  });

  test.each([null, undefined, "", "admin", "Owner"])("no role (%j) may do anything", (role) => {
    for (const permission of Object.keys(ALLOWED) as Permission[]) expect(can(role as Role | null, permission)).toBe(false);
  });
});

describe("HOME", () => {
  test("every role's home is the home page (the header's logo), which every role may open", () => {
    expect(HOME).toBe("/");
    // lib/pages.ts opens it with charge:read.
    for (const role of ROLES) expect(can(role, "charge:read"), role).toBe(true);
    expect(NAV.find((n) => n.href === HOME)).toBeUndefined();
  });
});

describe("isRole()", () => {
  test.each(["owner", "staff", "support"])("%s is a role", (value) => {
    expect(isRole(value)).toBe(true);
  });

  test.each([null, undefined, "", "admin", "user", "OWNER", " owner", 1, {}, ["owner"]])("%j is not a role", (value) => {
    expect(isRole(value)).toBe(false);
  });
});
