// GET   /api/customers/{id} – one customer and their totals by status (every role; number masked per role)
// PATCH /api/customers/{id} – change a customer (owner, staff)
import { customerDetail, editCustomer } from "@/lib/customers/directory";
import { customerSchema } from "@/lib/customers/schema";
import { AppError } from "@/lib/errors";
import { idParams } from "@/lib/http/route";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

const notFound = "No customer with this id.";

export const GET = route("customer:read", { params: idParams(notFound) }, async (ctx) => {
  const found = await customerDetail(ctx, ctx.params.id);
  if (!found) throw new AppError("not_found", notFound);
  return { customer: found.customer, totals: found.totals };
});

export const PATCH = route("customer:manage", { params: idParams(notFound), body: customerSchema }, async (ctx) => {
  const customer = await editCustomer(ctx, ctx.params.id, ctx.body);
  if (!customer) throw new AppError("not_found", notFound);
  return { customer };
});
