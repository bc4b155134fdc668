const DAY = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** A complimentary grant ends at the start of a day (UTC): that day, wherever the reader is. */
export const formatDay = (iso: string) => DAY.format(new Date(iso));
