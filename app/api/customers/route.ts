// GET  /api/customers?q=&after=&limit= – the directory, by name, 25 a page or `limit` (1–25; the
//      charge form's suggestions ask for 8); every role; numbers masked per role
// POST /api/customers – add a customer (owner, staff); a number already there is 409 naming it
import { addCustomer, directoryAnswer, directoryQuery } from "@/lib/customers/directory";
import { customerSchema } from "@/lib/customers/schema";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const GET = route("customer:read", { query: directoryQuery }, (ctx) => directoryAnswer(ctx, ctx.query));

export const POST = route("customer:manage", { body: customerSchema, status: 201 }, async (ctx) => ({
  customer: await addCustomer(ctx, ctx.body),
}));
