import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";

type LoadStateProps = { isPending: boolean; isError: boolean; loadingLabel: string; errorMessage: string; onRetry: () => void };

/** The loading spinner or the load failure with Retry; null once the list is there. */
export function LoadState({ isPending, isError, loadingLabel, errorMessage, onRetry }: LoadStateProps) {
  if (isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-7" label={loadingLabel} />
      </div>
    );
  }
  if (!isError) return null;
  return (
    <Alert variant="error">
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {errorMessage}
        <Button variant="link" onClick={onRetry}>
          Retry
        </Button>
      </span>
    </Alert>
  );
}
