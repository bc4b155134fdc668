import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { useAccountData } from "../api";
import { DeleteAccountCard } from "./delete-account-card";
import { YourDataCard } from "./your-data-card";

/** The Account page's last two sections: Your data (export) and the danger zone (delete the account). */
export function AccountDataSections() {
  const summary = useAccountData();
  if (summary.isPending) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Your data</CardTitle>
        </CardHeader>
        <CardContent>
          <Spinner label="Loading your data summary" />
        </CardContent>
      </Card>
    );
  }
  if (summary.isError) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Your data</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Alert variant="error">We could not load your data summary. Please try again.</Alert>
          <div>
            <Button variant="outline" onClick={() => void summary.refetch()}>
              Try again
            </Button>
          </div>
        </CardContent>
      </Card>
    );
  }
  return (
    <>
      <YourDataCard summary={summary.data.export} />
      <DeleteAccountCard summary={summary.data.deletion} />
    </>
  );
}
