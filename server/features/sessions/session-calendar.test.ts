import { describe, expect, it } from "vitest";
import { calendarFileName, escapeText, foldLine } from "./session-calendar";
import { formatSessionDate, parseSessionTime, programmeToday, zonedTimeToInstant } from "./session-time";

describe("foldLine", () => {
  it.each([
    ["ASCII", "x".repeat(300)],
    ["two-octet letters", "DESCRIPTION:" + "é".repeat(200)],
    ["four-octet emoji", "SUMMARY:" + "🚀".repeat(60)],
  ])("keeps %s lines within 75 octets without splitting a character", (_label, line) => {
    const folded = foldLine(line);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(1);
    for (const [index, part] of physical.entries()) {
      expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(75);
      if (index > 0) expect(part.startsWith(" ")).toBe(true);
      // A character cut in half would not survive the round trip through UTF-8.
      expect(Buffer.from(part, "utf8").toString("utf8")).toBe(part);
    }
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });

  it("leaves a short line alone", () => {
    expect(foldLine("SUMMARY:Hello")).toBe("SUMMARY:Hello");
  });
});

describe("escapeText", () => {
  it("escapes backslashes, semicolons and commas, turns line breaks into \\n and drops other control characters", () => {
    expect(escapeText("a\\b;c,d\r\ne\nf\u0007g\th")).toBe("a\\\\b\\;c\\,d\\ne\\nfg\th");
  });
});

describe("parseSessionTime", () => {
  it.each([
    ["10:00 AM-12:00 PM ET", { start: { hour: 10, minute: 0 }, end: { hour: 12, minute: 0 }, timeZone: "America/New_York" }],
    ["12:00 am – 1:15 a.m. PST", { start: { hour: 0, minute: 0 }, end: { hour: 1, minute: 15 }, timeZone: "America/Los_Angeles" }],
    ["1 PM to 3 PM (CT)", { start: { hour: 13, minute: 0 }, end: { hour: 15, minute: 0 }, timeZone: "America/Chicago" }],
    ["9:30 AM-11 AM", { start: { hour: 9, minute: 30 }, end: { hour: 11, minute: 0 }, timeZone: "America/New_York" }],
  ])("reads %s", (text, expected) => {
    expect(parseSessionTime(text)).toEqual(expected);
  });

  it.each(["Three days, 9:00 AM-5:00 PM ET", "10:00 AM-12:00 PM CET", "13:00 PM-2:00 PM", "10:75 AM-11:00 AM", "All day", ""])("does not read %j", (text) => {
    expect(parseSessionTime(text)).toBeNull();
  });
});

describe("zone arithmetic", () => {
  it("follows daylight saving time in New York", () => {
    const newYork = "America/New_York";
    expect(zonedTimeToInstant("2030-03-09", { hour: 10, minute: 0 }, newYork).toISOString()).toBe("2030-03-09T15:00:00.000Z");
    expect(zonedTimeToInstant("2030-03-10", { hour: 10, minute: 0 }, newYork).toISOString()).toBe("2030-03-10T14:00:00.000Z");
    expect(zonedTimeToInstant("2030-11-03", { hour: 10, minute: 0 }, newYork).toISOString()).toBe("2030-11-03T15:00:00.000Z");
  });

  it("takes today from New York, where the programme runs", () => {
    expect(programmeToday(new Date("2030-01-16T03:00:00Z"))).toBe("2030-01-15");
    expect(programmeToday(new Date("2030-01-16T06:00:00Z"))).toBe("2030-01-16");
  });

  it("turns the day at New York's midnight to the millisecond, asked again and again within the minute", () => {
    for (const at of ["2030-01-16T04:59:00.000Z", "2030-01-16T04:59:30.000Z", "2030-01-16T04:59:59.999Z"]) {
      expect(programmeToday(new Date(at)), at).toBe("2030-01-15");
    }
    expect(programmeToday(new Date("2030-01-16T05:00:00.000Z"))).toBe("2030-01-16");
    // Summer time: midnight is 04:00 UTC.
    expect(programmeToday(new Date("2030-07-02T03:59:59.999Z"))).toBe("2030-07-01");
    expect(programmeToday(new Date("2030-07-02T04:00:00.000Z"))).toBe("2030-07-02");
    expect(programmeToday(new Date("2030-07-02T03:59:59.999Z"))).toBe("2030-07-01");
  });

  it("writes dates the US long way", () => {
    expect(formatSessionDate("2025-06-15")).toBe("June 15, 2025");
  });
});

describe("calendarFileName", () => {
  it("makes an ASCII slug and never lets quotes, slashes or dots through", () => {
    expect(calendarFileName({ id: 7, title: 'Pricing: "Retail" / Online ../..' })).toBe("pricing-retail-online.ics");
    expect(calendarFileName({ id: 7, title: "Café Münster" })).toBe("cafe-munster.ics");
    expect(calendarFileName({ id: 7, title: "日本語" })).toBe("mastermind-session-7.ics");
  });
});
