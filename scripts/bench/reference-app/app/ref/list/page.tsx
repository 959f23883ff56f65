// A signed-in list of the newest 50 charges: the session by one indexed lookup, one query for
// the rows, a server-rendered table with a plain link per row.
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { db } from "../../durable/db";

export const dynamic = "force-dynamic";

const money = new Intl.NumberFormat("en-GH", { style: "currency", currency: "GHS" });
const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "Africa/Accra" });

export default async function RefList() {
  const q = await db();
  const token = (await cookies()).get("ref_session")?.value;
  const session = token ? await q("select member_id from bench_ref.sessions where token = $1 and expires_at > now()", [token]) : null;
  if (!session?.rows[0]) redirect("/ref/login");
  const { rows } = await q(
    "select id, created_at, phone_number, provider, description, amount_minor, status from bench_ref.charges order by created_at desc limit 50",
  );
  return (
    <table>
      <caption>Recent charges, newest first</caption>
      <thead>
        <tr>
          <th>Time</th>
          <th>Customer</th>
          <th>Description</th>
          <th>Amount</th>
          <th>Status</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={String(r.id)}>
            <td>
              <a href={`/ref/list/${r.id}`}>{when.format(new Date(r.created_at as string))}</a>
            </td>
            <td>
              {String(r.phone_number)} <small>{String(r.provider)}</small>
            </td>
            <td>{String(r.description)}</td>
            <td>{money.format(Number(r.amount_minor) / 100)}</td>
            <td>{String(r.status)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
