import type { Invoice } from "../../../../common/contracts/billing";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { InvoiceList } from "./invoice-list";

/** The "Invoices" card of the account page and the test-mode portal. */
export function InvoicesCard({ invoices }: { invoices: Invoice[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invoices</CardTitle>
      </CardHeader>
      <CardContent>
        <InvoiceList invoices={invoices} />
      </CardContent>
    </Card>
  );
}
