import { describe, expect, it } from "vitest";
import { dayFieldText, formatClock, formatDate, formatDay, formatMoment, parseDay, parseMoment } from "./dates";

describe("parseDay", () => {
  it.each([
    ["12 Jan 2027", "2027-01-12"],
    ["12 january 2027", "2027-01-12"],
    ["12th January, 2027", "2027-01-12"],
    ["12-Jan-27", "2027-01-12"],
    ["Jan 12, 2027", "2027-01-12"],
    ["  12   Sept 2027 ", "2027-09-12"],
    ["12/01/2027", "2027-01-12"],
    ["12/1/2027", "2027-01-12"],
    ["12-01-2027", "2027-01-12"],
    ["12.01.27", "2027-01-12"],
    ["1/12/2027", "2027-12-01"],
    ["2027-01-12", "2027-01-12"],
    ["29/02/2028", "2028-02-29"],
  ])("reads %s as %s, the day always first", (typed, day) => {
    expect(parseDay(typed)).toBe(day);
  });

  it.each([
    "",
    "tomorrow",
    "30/02/2027",
    "13/13/2027",
    "12 Foo 2027",
    "12/01/1999",
    "01/01/2100",
    "2027-02-30",
    "12 Jan",
    "0000-01-01",
    "1/1/0027",
  ])("cannot read %j", (typed) => {
    expect(parseDay(typed)).toBeNull();
  });
});

describe("formatting", () => {
  it("writes a day as day, month name and year", () => {
    expect(formatDay("2027-01-12")).toBe("12 Jan 2027");
    expect(formatDay("2026-12-01")).toBe("1 Dec 2026");
  });

  it("reads instants in Lagos time, an hour ahead of UTC", () => {
    expect(formatDate("2027-01-11T23:30:00Z")).toBe("12 Jan 2027");
    expect(formatMoment("2027-01-12T14:05:00Z")).toBe("12 Jan 2027, 3:05 pm");
    expect(formatMoment("2027-01-11T23:05:00Z")).toBe("12 Jan 2027, 12:05 am");
    expect(formatMoment(new Date("2027-01-12T11:00:00Z"))).toBe("12 Jan 2027, 12:00 pm");
    expect(formatClock("2027-01-12T08:45:00Z")).toBe("9:45 am");
  });

  it("shows a field's day back as it reads, and what it cannot read as typed", () => {
    expect(dayFieldText("2027-01-12")).toBe("12 Jan 2027");
    expect(dayFieldText("12/01/2027")).toBe("12 Jan 2027");
    expect(dayFieldText("soon")).toBe("soon");
    expect(dayFieldText(null)).toBe("");
  });
});

describe("parseMoment", () => {
  it.each([
    ["2 Dec 2026, 10:00 am", "2026-12-02T09:00:00.000Z"],
    ["2 Dec 2026 10am", "2026-12-02T09:00:00.000Z"],
    ["02/12/2026 14:30", "2026-12-02T13:30:00.000Z"],
    ["2 December 2026 at 2:30pm", "2026-12-02T13:30:00.000Z"],
    ["2026-12-02T10:00", "2026-12-02T09:00:00.000Z"],
    ["2026-12-02T10:00:00", "2026-12-02T09:00:00.000Z"],
    ["2/12/26, 12:15 am", "2026-12-01T23:15:00.000Z"],
    ["2 Dec 2026 12 pm", "2026-12-02T11:00:00.000Z"],
  ])("reads %s in Lagos time, the day first", (typed, iso) => {
    expect(parseMoment(typed)).toBe(iso);
  });

  it.each(["2 Dec 2026", "10:00", "2 Dec 2026 25:00", "2 Dec 2026 13 pm", "2 Dec 2026 10:75", "30/02/2026 10:00"])(
    "cannot read %j",
    (typed) => {
      expect(parseMoment(typed)).toBeNull();
    },
  );
});
