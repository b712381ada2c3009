/**
 * No menu leads to a refusal (docs/product.md, Permissions): for each role alone, every
 * link the admin panel's navigation shows, the settings' tabs and the dashboard's own
 * links (its tiles, quick actions, orders and checklist) open without a 403 or the
 * message naming a role. Settings are read by every role (only the Owner's form saves),
 * so the menu offers them to all.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  PERMISSIONS,
  STAFF_ROLES,
  neededFor,
  type Permission,
  type StaffRole,
} from "../../../domain/staff/permissions";
import { staffCookie } from "../../../tests/support/admin-session";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { Browser } from "../../../tests/support/api-browser";
import { useTestApp } from "../../../tests/support/test-app";

const t = useTestApp({ pages: true });
const cookies = {} as Record<StaffRole, string>;
const REFUSALS = (Object.keys(PERMISSIONS) as Permission[]).map(neededFor);

beforeAll(async () => {
  for (const role of STAFF_ROLES) cookies[role] = await staffCookie(t, [role]);
  // An order waiting, so the dashboard lists one to those who read orders.
  const table = await insertProduct(t.db, { name: "Menu Side Table" });
  const placed = await new Browser(t.app).call("POST", "/api/orders", {
    kind: "item",
    itemType: "Product",
    itemId: table.id,
    customer: { name: "Menu Customer", phone: "0803 000 0999" },
  });
  expect(placed.statusCode, placed.body).toBe(201);
});

const page = (role: StaffRole, url: string) => t.app.inject({ method: "GET", url, headers: { cookie: cookies[role] } });

const unescape = (href: string) => href.replace(/&amp;/g, "&").replace(/#.*$/, "");

/** The links inside the first element that opens with `opening`, up to its closing `</tag>`. */
function linksIn(html: string, opening: RegExp, tag: string): string[] {
  const start = html.search(opening);
  if (start < 0) return [];
  const end = html.indexOf(`</${tag}>`, start);
  return [...html.slice(start, end).matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => unescape(match[1]!));
}

const navLinks = (html: string, label: string) => linksIn(html, new RegExp(`<nav [^>]*aria-label="${label}"`), "nav");

/** The admin's own links in the dashboard's overview (its tiles are `?section=…`). */
const dashboardLinks = (html: string) =>
  linksIn(html, /<main[ >]/, "main")
    .filter((href) => href.startsWith("/admin") || href.startsWith("?"))
    .map((href) => (href.startsWith("?") ? `/admin/dashboard${href}` : href));

describe("the admin panel's menus, for each role alone", () => {
  it("lead only to pages that open", async () => {
    const refused: string[] = [];
    const seen: Record<string, string[]> = {};
    for (const role of STAFF_ROLES) {
      const dashboard = await page(role, "/admin/dashboard");
      expect(dashboard.statusCode, role).toBe(200);
      const links = new Set([...navLinks(dashboard.body, "Admin sections"), ...dashboardLinks(dashboard.body)]);
      const settings = [...links].find((href) => href === "/admin/settings");
      if (settings) for (const href of navLinks((await page(role, settings)).body, "Settings pages")) links.add(href);
      seen[role] = [...links];
      for (const href of links) {
        const opened = await page(role, href);
        if (opened.statusCode !== 200 || REFUSALS.some((message) => opened.body.includes(message)))
          refused.push(`${role} ${href}: ${opened.statusCode}`);
      }
    }
    expect(refused).toEqual([]);
    // The menus were read: each role has its dashboard and more, and the Owner every page.
    for (const role of STAFF_ROLES) expect(seen[role]!.length, role).toBeGreaterThan(3);
    expect(seen.owner).toEqual(
      expect.arrayContaining([
        "/admin/orders",
        "/admin/today",
        "/admin/settings",
        "/admin/settings/follow-ups",
        "/admin/settings/payments",
        "/admin/settings/delivery",
        "/admin/catalogue/transfer",
        "/admin/staff",
        "/admin/journal",
        "/admin/profile",
        "/admin/products/new",
        "/admin/customers",
        "/admin/reviews",
      ]),
    );
    expect(seen.sales).toContain("/admin/customers");
    expect(seen.sales).toContain("/admin/reviews");
    expect(seen.workshop).not.toContain("/admin/reviews");
    expect(seen.workshop).toContain("/admin/orders");
    expect(seen.catalogue).toContain("/admin/products/new");
    // Today names customers and opens chats with their numbers: the roles that read customers.
    expect(seen.sales).toContain("/admin/today");
    for (const role of ["accounts", "workshop", "catalogue"] as const) {
      expect(seen[role], role).not.toContain("/admin/today");
      expect((await page(role, "/admin/today")).statusCode, role).toBe(403);
    }
    // Follow-ups are read by every role, like the shop's other settings.
    for (const role of STAFF_ROLES) expect(seen[role], role).toContain("/admin/settings/follow-ups");
  }, 60_000);

  it("offer the customer book to Owner and Sales only, and its pages refuse the rest at the door", async () => {
    const [someone] = (
      await t.app.inject({
        method: "GET",
        url: "/api/admin/operations/customers?search=Menu%20Customer",
        headers: { cookie: cookies.owner },
      })
    ).json<{ customers: Array<{ _id: string }> }>().customers;
    expect(someone).toBeDefined();
    for (const role of STAFF_ROLES) {
      const readsBook = role === "owner" || role === "sales";
      const dashboard = await page(role, "/admin/dashboard");
      expect(navLinks(dashboard.body, "Admin sections").includes("/admin/customers"), role).toBe(readsBook);
      for (const url of ["/admin/customers", `/admin/customers/${someone!._id}`]) {
        const opened = await page(role, url);
        expect(opened.statusCode, `${role} ${url}`).toBe(readsBook ? 200 : 403);
        if (!readsBook) expect(opened.body).toContain(neededFor("customers.read"));
      }
    }
  });
});
