/**
 * A browser for integration tests over the real API: it keeps the cookies the server
 * sets, as a real one would, and speaks from an address of its own.
 */
import type { FastifyInstance, InjectOptions } from "fastify";
import { expect } from "vitest";

export const BROWSER_PASSWORD = "Str0ngPassword";

let nextAddress = 1;
let nextEmail = 1;

export class Browser {
  cookies = new Map<string, string>();
  /** `address`: always speak from it, as phones behind one carrier address do; else from a new one each call. */
  constructor(
    readonly app: FastifyInstance,
    readonly address?: string,
  ) {}
  async call(method: InjectOptions["method"], url: string, body?: object) {
    const response = await this.app.inject({
      method,
      url,
      ...(body ? { payload: body } : {}),
      remoteAddress: this.address ?? `10.5.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`,
      headers: { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const cookie of response.cookies) {
      if (cookie.value === "" || (cookie.expires && cookie.expires.getTime() < Date.now())) {
        this.cookies.delete(cookie.name);
      } else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }
  /** Signs up a new customer in this browser; answers their e-mail address. */
  async signUp(name = "Ada") {
    const email = `browser${nextEmail++}-${Date.now()}@example.com`;
    const response = await this.call("POST", "/api/auth/signup", {
      fullName: name,
      email,
      phoneNumber: "08012345678",
      password: BROWSER_PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    return email;
  }
  items(path: "/api/cart" | "/api/wishlist") {
    return this.call("GET", path).then((r) => r.json<{ items: Record<string, unknown>[] }>().items);
  }
}
