import { describe, expect, it } from "vitest";
import { dataSaverCookie, readDataSaver } from "./data-saver.server";

const request = (headers: Record<string, string>) => new Request("http://shop.test/", { headers });

describe("readDataSaver", () => {
  it("is off for a request that asks nothing", () => {
    expect(readDataSaver(request({}))).toBe(false);
  });

  it("follows the browser's Save-Data header, in any case, among other directives", () => {
    expect(readDataSaver(request({ "save-data": "on" }))).toBe(true);
    expect(readDataSaver(request({ "save-data": "On" }))).toBe(true);
    expect(readDataSaver(request({ "save-data": "off" }))).toBe(false);
    expect(readDataSaver(request({ "save-data": "onward" }))).toBe(false);
  });

  it("lets the shopper's switch win over the header, both ways", () => {
    expect(readDataSaver(request({ cookie: "consent=accepted; data-saver=on" }))).toBe(true);
    expect(readDataSaver(request({ cookie: "data-saver=off", "save-data": "on" }))).toBe(false);
    expect(readDataSaver(request({ cookie: "data-saver=on", "save-data": "off" }))).toBe(true);
  });

  it("ignores a cookie it did not write, and cookies whose names only end alike", () => {
    expect(readDataSaver(request({ cookie: "data-saver=maybe", "save-data": "on" }))).toBe(true);
    expect(readDataSaver(request({ cookie: "no-data-saver=on" }))).toBe(false);
  });

  it("remembers the switch for a year, for this site's pages only, out of scripts' reach", () => {
    expect(dataSaverCookie("on")).toBe("data-saver=on; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly");
  });
});
