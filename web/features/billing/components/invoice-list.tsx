import type { Invoice } from "../../../../common/contracts/billing";
import { formatCents, formatLongDate } from "../format";

/** Past invoices with their amounts and, where the provider has one, a link. */
export function InvoiceList({ invoices }: { invoices: Invoice[] }) {
  if (invoices.length === 0) return <p className="text-sm text-muted">No invoices yet.</p>;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Past invoices</caption>
      <thead className="text-muted">
        <tr>
          <th scope="col" className="py-2 font-medium">Date</th>
          <th scope="col" className="py-2 font-medium">Amount</th>
          <th scope="col" className="py-2 font-medium">Status</th>
          <th scope="col" className="py-2 font-medium"><span className="sr-only">Link</span></th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.id} className="border-t border-border">
            <td className="py-2">{formatLongDate(invoice.createdAt)}</td>
            <td className="py-2 font-medium text-ink">{formatCents(invoice.amountCents)}</td>
            <td className="py-2 capitalize">{invoice.status}</td>
            <td className="py-2 text-right">
              {invoice.url ? (
                <a className="font-medium text-navy-600 underline-offset-4 hover:underline" href={invoice.url} target="_blank" rel="noopener noreferrer">
                  View
                </a>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
