import { CheckIcon } from "../../../components/ui/first-load-icons";
import { formatMonthlyPrice } from "../../../lib/format";

/** The monthly price and the feature list of a plan card; shared by the home grid and /inventors. */
export function PlanPriceAndFeatures({ priceCents, features }: { priceCents: number; features: readonly string[] }) {
  return (
    <>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight text-ink">{formatMonthlyPrice(priceCents)}</span>
        <span className="text-sm font-medium text-muted">/month</span>
      </p>
      <ul className="mt-6 grid flex-1 content-start gap-2.5 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            <span className="text-ink">{feature}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
