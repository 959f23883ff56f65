"use client";
// The rows of the charges table (./charges-table.tsx). The server sends each row as a few
// strings, made there (money, the number as this member may see it, the time in the business's
// zone); the rows are drawn from them in the server's HTML and again in the browser. Fifty rows
// as data cost the server a fraction of fifty rows as a tree of server-rendered elements, and
// the page carries them once. Links are plain: a row is opened now and then, and fifty
// next/link components would cost a render each.
import { useId } from "react";
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
  // Each row's description is its link's description: ids short and page-unique, not the charge's.
  const ids = useId();
  return (
    <tbody className="divide-y divide-line">
      {rows.map((c, i) => (
        <tr key={c.id} data-testid="charge-row">
          <td className="ct-time">
            <a href={`${link.base}/${c.id}${link.search}`} aria-describedby={c.description ? `${ids}d${i}` : undefined}>
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
          <td id={`${ids}d${i}`} title={c.description || undefined} className="ct-desc">
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
