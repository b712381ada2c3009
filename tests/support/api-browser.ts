/**
 * A browser for integration tests over the real API: it keeps the cookies the server
 * sets, as a real one would, and speaks from an address of its own.
 */
import type { FastifyInstance, InjectOptions } from "fastify";
import { expect } from "vitest";
import { TEST_SITE } from "./test-site";

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
  async call(
    method: InjectOptions["method"],
    url: string,
    body?: object | string,
    headers: Record<string, string> = {},
  ) {
    const response = await this.app.inject({
      method,
      url,
      ...(body ? { payload: body } : {}),
      remoteAddress: this.address ?? `10.5.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`,
      headers: { ...headers, cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const cookie of response.cookies) {
      if (cookie.value === "" || (cookie.expires && cookie.expires.getTime() < Date.now())) {
        this.cookies.delete(cookie.name);
      } else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }
  /** A page's form posted by the browser itself, as before its scripts have loaded. */
  form(url: string, fields: Record<string, string>) {
    return this.call("POST", url, new URLSearchParams(fields).toString(), {
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-mode": "navigate",
      accept: "text/html",
      origin: TEST_SITE.PUBLIC_URL,
    });
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
