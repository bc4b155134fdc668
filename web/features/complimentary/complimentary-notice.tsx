import { useQuery } from "@tanstack/react-query";
import type { Complimentary } from "../../../common/contracts/member-transfer";
import { getJson } from "../../lib/api-client";
import { formatDay } from "./format-day";

/** A paid tier granted free of charge for a while (an import's), told with its end: "Complimentary Inventor plan until …". */
export function ComplimentaryNotice() {
  const complimentary = useQuery({ queryKey: ["me", "complimentary"], queryFn: () => getJson<Complimentary>("/api/account/complimentary") });
  if (!complimentary.data) return null;
  return (
    <p className="rounded-lg bg-info-soft px-3 py-2 text-sm font-medium text-navy-800" data-testid="complimentary-plan">
      {`Complimentary ${complimentary.data.tier} plan until ${formatDay(complimentary.data.until)}`}
    </p>
  );
}
