import { describe, expect, it } from "vitest";
import { useTestApp } from "../../tests/support/test-app";
import { upsertAdmin } from "../modules/accounts/admins.service";
import { clientNetwork } from "./rate-limits";

const t = useTestApp();

describe("clientNetwork", () => {
  it("counts an IPv6 address by its /64, however it is written", () => {
    const phone = clientNetwork("2001:db8:aa:bb::1");
    for (const sameNetwork of [
      "2001:db8:aa:bb:ffff:ffff:ffff:ffff",
      "2001:0db8:00aa:00bb:1:2:3:4",
      "2001:DB8:AA:BB::9",
    ])
      expect(clientNetwork(sameNetwork), sameNetwork).toBe(phone);
    for (const otherNetwork of ["2001:db8:aa:bc::1", "2001:db8:ab:bb::1", "::1"])
      expect(clientNetwork(otherNetwork), otherNetwork).not.toBe(phone);
  });

  it("counts IPv4, also written as IPv6, by the address", () => {
    expect(clientNetwork("10.1.2.3")).toBe("10.1.2.3");
    expect(clientNetwork("::ffff:10.1.2.3")).toBe("10.1.2.3");
    expect(clientNetwork("10.1.2.4")).not.toBe(clientNetwork("10.1.2.3"));
  });
});

describe("per-address limits over IPv6", () => {
  const login = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress });

  it("lock a guesser out by their /64, not by each address they can take from it", async () => {
    const email = "owner@furnish.test";
    await upsertAdmin(t.db, { email, password: "0wnerPassword" });
    for (let i = 1; i <= 10; i++) {
      expect((await login(email, `Guess-Pass${i}`, `2001:db8:aa:bb::${i.toString(16)}`)).statusCode).toBe(401);
    }
    const nextAddress = await login(email, "Guess-Pass11", "2001:db8:aa:bb:1234::1");
    expect(nextAddress.statusCode).toBe(429);
    // Another network, the owner's, is not held back.
    expect((await login(email, "0wnerPassword", "2001:db8:aa:cc::1")).statusCode).toBe(200);
  });

  it("limit sign-in attempts from one /64 to 30 per 15 minutes across accounts", async () => {
    for (let i = 1; i <= 30; i++) {
      const response = await login(`nobody${i}@example.com`, "Guess-Pass1", `2001:db8:dd:1::${i.toString(16)}`);
      expect(response.statusCode).toBe(401);
    }
    const limited = await login("nobody31@example.com", "Guess-Pass1", "2001:db8:dd:1:ffff::1");
    expect(limited.statusCode).toBe(429);
  });
});
