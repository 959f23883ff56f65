// GET   /api/customers/{id} – one customer and their totals by status (every role; number masked per role)
// PATCH /api/customers/{id} – change a customer (owner, staff)
import { guard } from "@/lib/session/guards";
import { customerSchema } from "@/lib/customers/schema";
import { customerDetail, editCustomer } from "@/lib/customers/service";
import { AppError } from "@/lib/errors";
import { isUuid, readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

const notFound = () => new AppError("not_found", "No customer with this id.");

export const GET = guard<{ id: string }>("customer:read", async (_req, member, { id }) => {
  const found = isUuid(id) ? await customerDetail(id, member) : null;
  if (!found) throw notFound();
  return Response.json({ customer: found.customer, totals: found.totals });
});

export const PATCH = guard<{ id: string }>("customer:manage", async (req, member, { id }) => {
  if (!isUuid(id)) throw notFound();
  const customer = await editCustomer(id, customerSchema.parse(await readJson(req)), member);
  if (!customer) throw notFound();
  return Response.json({ customer });
});
