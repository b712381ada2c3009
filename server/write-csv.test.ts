import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { writeCsv } from "./write-csv";

describe("writeCsv", () => {
  it("puts an apostrophe before every cell a spreadsheet would run, and nowhere else", () => {
    const cells = ["=SUM(A1)", "+1", "-5% off", "@A1", "\t=1", "\r=1", "Oak", "5", "", "'quoted", "a=b"];
    const text = writeCsv([cells]);
    expect(parse(text)).toEqual([
      ["'=SUM(A1)", "'+1", "'-5% off", "'@A1", "'\t=1", "'\r=1", "Oak", "5", "", "'quoted", "a=b"],
    ]);
  });

  it("writes records in the columns' order under a header, quoting what needs it, lines ended by CRLF", () => {
    const text = writeCsv([{ b: 'say "hi", =then', a: "=1" }], { columns: ["a", "b"], header: true });
    expect(text).toBe(`a,b\r\n'=1,"say ""hi"", =then"\r\n`);
  });

  it("keeps a cell with a line break of any kind one cell", () => {
    const cells = ["one\ntwo", "one\rtwo", "one\r\ntwo", "=1\n+2"];
    expect(parse(writeCsv([cells, ["next"]]), { relax_column_count: true })).toEqual([
      ["one\ntwo", "one\rtwo", "one\r\ntwo", "'=1\n+2"],
      ["next"],
    ]);
  });
});
