import { MapPin } from "lucide-react";
import { countryName } from "../../../../common/countries";

/** "Austin, United States", with a pin; nothing when the member gave no place. */
export function PlaceLine({ city, country }: { city: string; country: string }) {
  const place = [city, country ? countryName(country) : ""].filter(Boolean).join(", ");
  if (!place) return null;
  return (
    <span className="inline-flex min-w-0 items-center gap-1">
      <MapPin className="size-3.5 shrink-0" aria-hidden />
      <span className="wrap-anywhere">{place}</span>
    </span>
  );
}
