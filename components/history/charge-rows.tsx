// The rows of the charges table (./charges-table.tsx), server HTML: the server makes each row's
// strings (money, the number as this member may see it, the time in the business's zone) and the
// browser only shows them; the reference's Copy button is the one part that runs a script. Links
// are plain: a row is opened now and then, and fifty next/link components would cost a render each.
import { ReversalBadge } from "@/components/reversals/reversal-badge";
import { StatusBadge } from "@/components/charges/status-badge";
import { EmptyValue } from "@/components/ui/empty-value";
import { CopyButton } from "@/components/ui/copy-button";
import type { ChargeView } from "@/lib/charges/view";

export type ChargeRow = {
  id: string;
  createdAt: string;
  /** createdAt written in the business's time zone, on the server. */
  when: string;
  phone: string;
  /** Why the number is partly hidden; null when it is whole. */
  phoneHidden: string | null;
  network: string;
  /** The directory's name for this number, when it is there. */
  customer: string | null;
  /** The network's reference, once it gave one. */
  reference: string | null;
  description: string;
  by: { name: string; email: string } | null;
  /** Paid by a customer from a pay link: "By" says so. */
  payLink: boolean;
  amount: string;
  status: ChargeView["status"];
  amountMinor: number;
  reversedMinor: number;
};

export function ChargeRows({ rows, link }: { rows: ChargeRow[]; link: { base: string; search: string } }) {
  // Each row's description is its link's description (a charge is once in a list).
  const describedBy = (c: ChargeRow) => `ct-desc-${c.id}`;
  return (
    <tbody className="divide-y divide-line">
      {rows.map((c) => (
        <tr key={c.id} data-testid="charge-row">
          <td className="ct-time">
            <a href={`${link.base}/${c.id}${link.search}`} aria-describedby={c.description ? describedBy(c) : undefined}>
              <time dateTime={c.createdAt}>{c.when}</time>
            </a>
          </td>
          <td className="ct-who">
            {c.customer ? (
              <span className="ct-name" title={c.customer} data-testid="customer-name">
                {c.customer}
              </span>
            ) : null}
            {c.phoneHidden ? (
              <span className={c.customer ? undefined : "font-medium"} title={c.phoneHidden} data-testid="masked-phone">
                {c.phone}
                <span className="sr-only"> ({c.phoneHidden.toLowerCase()})</span>
              </span>
            ) : (
              <span className={c.customer ? undefined : "font-medium"}>{c.phone}</span>
            )}
            <span className="ct-sub">{c.network}</span>
          </td>
          <td className="ct-ref">
            {c.reference ? (
              <>
                <span className="font-mono">{c.reference}</span> <CopyButton text={c.reference} what="reference" className="ct-copy" />
              </>
            ) : (
              <EmptyValue />
            )}
          </td>
          {/* Cut to one line in the list: the full text shows on hover (title), and when the row's
              link has focus it is the link's description and the cell wraps to show it all. */}
          <td id={describedBy(c)} title={c.description || undefined} className="ct-desc">
            {c.description || <EmptyValue />}
          </td>
          <td className="ct-by" title={c.by?.email}>
            {c.by ? c.by.name : c.payLink ? "Pay link" : <EmptyValue />}
          </td>
          <td className="ct-amt">{c.amount}</td>
          <td className="ct-st">
            <StatusBadge status={c.status} />
            {c.reversedMinor > 0 ? (
              <>
                {" "}
                <ReversalBadge charge={c} />
              </>
            ) : null}
          </td>
        </tr>
      ))}
    </tbody>
  );
}
