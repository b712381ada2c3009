import { describe, expect, it } from "vitest";
import { hostAndPort, isNonPublicAddress } from "./picture-fetch";

describe("the addresses a picture is never fetched from", () => {
  it("are every non-public range, IPv4 and IPv6, written any way", () => {
    for (const address of [
      "127.0.0.1",
      "10.20.30.40",
      "172.31.255.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      // IPv4-compatible IPv6 (::/96), deprecated but still an IPv4 address to some stacks.
      "::127.0.0.1",
      "::7f00:1",
      "::a9fe:a9fe",
      "::8.8.8.8",
      "64:ff9b::a00:1",
      "2002:a00:1::",
      "not an address",
    ]) {
      expect(isNonPublicAddress(address), address).toBe(true);
    }
    for (const address of ["102.89.1.1", "8.8.8.8", "2606:4700::1111", "::ffff:102.89.1.1"]) {
      expect(isNonPublicAddress(address), address).toBe(false);
    }
  });

  it("are allowed by host and port, the scheme's port written out", () => {
    expect(hostAndPort(new URL("https://Images.Local/a.png"))).toBe("images.local:443");
    expect(hostAndPort(new URL("http://[::1]:8080/a.png"))).toBe("::1:8080");
  });
});
