import { describe, expect, it } from "vitest";
import {
  count,
  creditAmount,
  creditCentsTitle,
  credits,
  creditsFromCents,
  duration,
  seconds,
  utcDayMonth,
  utcDayMonthTime,
  windowWords,
} from "./units.shared";

describe("credits", () => {
  it("says credit for one and credits otherwise", () => {
    expect(credits(1)).toBe("1 credit");
    expect(credits(22)).toBe("22 credits");
    expect(credits(0)).toBe("0 credits");
    expect(credits(2.5)).toBe("2.5 credits");
    expect(credits(12_000)).toBe("12,000 credits");
    expect(creditAmount(2.345)).toBe("2.35");
  });

  it("shows credit cents as credits", () => {
    expect(creditsFromCents(12_000)).toBe("120 credits");
    expect(creditsFromCents(100)).toBe("1 credit");
    expect(creditsFromCents(150)).toBe("1.5 credits");
    expect(creditsFromCents(102_050)).toBe("1,020.5 credits");
  });

  it("names credit cents in their own unit for a title, with thousands separators", () => {
    expect(creditCentsTitle(102_050)).toBe("102,050 credit cents");
  });
});

describe("count", () => {
  it("puts the noun in the plural except for one", () => {
    expect(count(1, "document")).toBe("1 document");
    expect(count(0, "document")).toBe("0 documents");
    expect(count(3, "entry", "entries")).toBe("3 entries");
    expect(count(1_500, "node")).toBe("1,500 nodes");
  });
});

describe("duration", () => {
  it("rounds to one human unit", () => {
    expect(duration(20_000)).toBe("under a minute");
    expect(duration(60_000)).toBe("about 1 minute");
    expect(duration(25 * 60_000)).toBe("about 25 minutes");
    expect(duration(1575 * 60_000)).toBe("about 26 hours");
    expect(duration(3 * 3_600_000 + 10 * 60_000)).toBe("about 3 hours");
    expect(duration(5 * 86_400_000)).toBe("about 5 days");
  });
});

describe("seconds", () => {
  it("counts a wait in seconds, then minutes", () => {
    expect(seconds(1)).toBe("1 second");
    expect(seconds(0.2)).toBe("1 second");
    expect(seconds(30)).toBe("30 seconds");
    expect(seconds(120)).toBe("2 minutes");
  });
});

describe("windowWords", () => {
  it("names a window in its largest exact unit", () => {
    expect(windowWords(5)).toBe("5 minutes");
    expect(windowWords(1)).toBe("1 minute");
    expect(windowWords(90)).toBe("90 minutes");
    expect(windowWords(60)).toBe("1 hour");
    expect(windowWords(1440)).toBe("24 hours");
    expect(windowWords(2160)).toBe("36 hours");
    expect(windowWords(2880)).toBe("2 days");
    expect(windowWords(43_200)).toBe("30 days");
  });
});

describe("a chart's days and moments", () => {
  it("says them in UTC whatever the server's zone, the moment with its minute", () => {
    const lateOnTheSecond = Date.UTC(2026, 2, 2, 23, 5);
    expect(utcDayMonth(lateOnTheSecond)).toBe("2 Mar");
    expect(utcDayMonthTime(lateOnTheSecond)).toBe("2 Mar, 23:05");
  });
});
