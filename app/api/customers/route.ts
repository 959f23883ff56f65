// GET  /api/customers?q=&after=&limit= – the directory, by name, 25 a page or `limit` (1–25; the
//      charge form's suggestions ask for 8); every role; numbers masked per role
// POST /api/customers – add a customer (owner, staff); a number already there is 409 naming it
import { guard } from "@/lib/session/guards";
import { CUSTOMERS_PAGE } from "@/lib/customers/queries";
import { decodeCustomerCursor, encodeCustomerCursor } from "@/lib/customers/cursor";
import { customerSchema } from "@/lib/customers/schema";
import { addCustomer, directoryPage } from "@/lib/customers/service";
import { AppError } from "@/lib/errors";
import { readJson } from "@/lib/http/request";
import { isPlainLine } from "@/lib/text";

export const dynamic = "force-dynamic";

export const GET = guard("customer:read", async (req, member) => {
  const params = new URL(req.url).searchParams;
  const q = params.get("q") ?? undefined;
  if (q !== undefined && (q.length > 100 || !isPlainLine(q))) {
    throw new AppError("invalid_request", "Some fields need attention.", { fields: { q: "Search for at most 100 plain characters" } });
  }
  const limitText = params.get("limit");
  const limit = limitText === null ? CUSTOMERS_PAGE : Number(limitText);
  if (!/^\d{1,2}$/.test(limitText ?? "25") || !Number.isInteger(limit) || limit < 1 || limit > CUSTOMERS_PAGE) {
    throw new AppError("invalid_request", "Some fields need attention.", { fields: { limit: `Ask for 1 to ${CUSTOMERS_PAGE} customers` } });
  }
  const { customers, next } = await directoryPage(q, decodeCustomerCursor(params.get("after")), member, limit);
  return Response.json({ customers, next: next ? encodeCustomerCursor(next) : null });
});

export const POST = guard("customer:manage", async (req, member) => {
  const input = customerSchema.parse(await readJson(req));
  return Response.json({ customer: await addCustomer(input, member) }, { status: 201 });
});
