/**
 * Signing in as the shop owner or as a customer in integration tests, and images as the
 * admin forms send them (data strings).
 */
import sharp from "sharp";
import { expect } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { StaffRole } from "../../domain/staff/permissions";
import { users } from "../../server/db/schema/accounts";
import { upsertAdmin } from "../../server/modules/accounts/admins.service";
import type { TestApp } from "./test-app";

let nextAddress = 1;
/** Each login speaks from its own address, clear of the per-address rate limits. */
export const freshAddress = () => `10.9.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

const cookieOf = (response: { cookies: { name: string; value: string }[] }) =>
  `furnish_session=${response.cookies.find((c) => c.name === "furnish_session")!.value}`;

/** A `cookie` header value of a signed-in admin. */
export async function adminCookie(t: TestApp, email = "owner@furnish.test"): Promise<string> {
  const password = "0wnerPassword";
  await upsertAdmin(t.db, { email, password });
  const login = await t.app.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { email, password },
    remoteAddress: freshAddress(),
  });
  expect(login.statusCode, login.body).toBe(200);
  return cookieOf(login);
}

let nextStaff = 1;
/** A `cookie` header value of a signed-in staff member holding these roles (and only these). */
export async function staffCookie(t: TestApp, roles: StaffRole[], email = `staff${nextStaff++}@furnish.test`) {
  const password = "St4ffPassword";
  await upsertAdmin(t.db, { email, password, name: `Staff ${roles.join(" ")}` });
  await t.db
    .update(users)
    .set({ staffRoles: roles })
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  const login = await t.app.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { email, password },
    remoteAddress: freshAddress(),
  });
  expect(login.statusCode, login.body).toBe(200);
  return cookieOf(login);
}

let nextCustomer = 1;
/** A `cookie` header value of a newly signed-up customer. */
export async function customerCookie(t: TestApp): Promise<string> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/auth/signup",
    payload: {
      fullName: "Ada Obi",
      email: `customer${nextCustomer++}-${Date.now()}@example.com`,
      phoneNumber: "08012345678",
      password: "Str0ngPassword",
      anonymousId: "",
    },
    remoteAddress: freshAddress(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return cookieOf(response);
}

export function toDataUrl(bytes: Buffer, type = "image/png"): string {
  return `data:${type};base64,${bytes.toString("base64")}`;
}

/** A small picture as a data string, in one colour so tests can tell images apart. */
export async function imageDataUrl(
  color = "#8a4f33",
  { width = 80, height = 60, format = "png" }: { width?: number; height?: number; format?: "png" | "jpeg" } = {},
): Promise<string> {
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  const bytes = format === "png" ? await image.png().toBuffer() : await image.jpeg().toBuffer();
  return toDataUrl(bytes, `image/${format}`);
}
