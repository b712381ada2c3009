/**
 * No control leads to a refusal (docs/product.md, Permissions), beyond the menus
 * (admin-menus.test.ts): for each role alone, the catalogue's lists and an order's page
 * show only the controls its permissions allow. The lists stay lists for a member who may
 * only read the catalogue: rows, but no Add, Edit, selection or bulk bar. On an order's
 * page, each form shown is one the role may send (its `intent`, checked at the server's
 * door with the permission below), and every admin page it links to opens.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  PERMISSIONS,
  STAFF_ROLES,
  allows,
  neededFor,
  type Permission,
  type StaffRole,
} from "../../../domain/staff/permissions";
import { lagosToday } from "../../../domain/catalog/furniture";
import { addDays } from "../../../domain/dates";
import { adminCookie, staffCookie } from "../../../tests/support/admin-session";
import { insertCollection, insertProduct, insertProject } from "../../../tests/support/catalog-factory";
import { Browser } from "../../../tests/support/api-browser";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";

const t = useTestApp({ pages: true });
const cookies = {} as Record<StaffRole, string>;
const REFUSALS = (Object.keys(PERMISSIONS) as Permission[]).map(neededFor);

/** What each of the order page's forms needs at the server's door (server/modules/orders/orders.actions.ts). */
const FORM_NEEDS: Record<string, Permission> = {
  status: "orders.production",
  quote: "orders.write",
  "send-quote": "orders.write",
  "quote-validity": "orders.write",
  customer: "orders.write",
  note: "orders.write",
  visit: "orders.write",
  payment: "payments.record",
  "part-request": "payments.record",
  "cancel-request": "payments.record",
  "confirm-transfer": "payments.confirm",
  "reject-transfer": "payments.confirm",
  "release-held": "payments.confirm",
  "refund-note": "payments.confirm",
  "delete-payment": "payments.remove",
};

const orders = { plain: "", service: "", quoted: "" };

beforeAll(async () => {
  for (const role of STAFF_ROLES) cookies[role] = await staffCookie(t, [role]);
  const owner = await adminCookie(t);
  const desk = (method: "POST" | "PUT", url: string, payload: object) =>
    t.app.inject({
      method,
      url: `/api/admin/operations/orders${url}`,
      payload,
      headers: { cookie: owner, origin: TEST_SITE.PUBLIC_URL },
    });
  const table = await insertProduct(t.db, { name: "Controls Side Table" });
  await insertCollection(t.db, { name: "Controls Collection" });
  await insertProject(t.db, { title: "Controls Project" });

  const place = async (body: object) => {
    const placed = await new Browser(t.app).call("POST", "/api/orders", body);
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json<{ order: { _id: string; lines: Array<{ _id: string }> } }>().order;
  };
  const item = { kind: "item", itemType: "Product", itemId: table.id, customer: { name: "Controls Customer" } };
  // An order with a payment recorded: the quick quote, the status, the payments.
  const plain = await place(item);
  const paid = await desk("POST", `/${plain._id}/payments`, { amount: 20_000, method: "cash" });
  expect(paid.statusCode, paid.body).toBe(200);
  // A service request: its visit's forms.
  const service = await place({ kind: "service", service: "Site visit", brief: "Measure the hall.", area: "Yaba" });
  // An order with a quote sent: the quote builder's versions, its validity and the workshop sheet.
  const quoted = await place(item);
  const sent = await desk("POST", `/${quoted._id}/quotes`, {
    lines: [{ lineId: quoted.lines[0]!._id, quantity: 1, unitPrice: 400_000 }],
    validUntil: addDays(lagosToday(), 14),
  });
  expect(sent.statusCode, sent.body).toBe(200);
  Object.assign(orders, { plain: plain._id, service: service._id, quoted: quoted._id });
});

const page = (role: StaffRole, url: string) => t.app.inject({ method: "GET", url, headers: { cookie: cookies[role] } });

/** The page's own part: its `<main>` without the admin's menus (the sidebar's `<aside>`, with its Logout form). */
function mainOf(html: string): string {
  const start = html.search(/<main[ >]/);
  expect(start, "the page has a <main>").toBeGreaterThanOrEqual(0);
  const main = html.slice(start, html.indexOf("</main>", start));
  const aside = main.search(/<aside[ >]/);
  expect(aside, "the page has the admin's menus").toBeGreaterThanOrEqual(0);
  return main.slice(0, aside) + main.slice(main.indexOf("</aside>", aside));
}

/** The admin pages the part links to, by path (a query such as `?back=` left off). */
const adminLinks = (html: string) =>
  [...html.matchAll(/<a [^>]*href="(\/admin\/[^"?#]*)/g)]
    .map((match) => match[1]!)
    .filter((path) => path !== "/admin/dashboard");

/** The forms that post to the page's action, by the `intent` each sends. */
const intents = (html: string) =>
  [...new Set([...html.matchAll(/<input [^>]*name="intent" value="([^"]+)"/g)].map((match) => match[1]!))].sort();

/** Each admin page linked that does not open for this role: a 403, or the words of a refusal. */
async function refusedLinks(role: StaffRole, html: string) {
  const refused: string[] = [];
  for (const href of new Set(adminLinks(html))) {
    const opened = await page(role, href);
    if (opened.statusCode !== 200 || REFUSALS.some((message) => opened.body.includes(message)))
      refused.push(`${role} ${href}: ${opened.statusCode}`);
  }
  return refused;
}

describe("the catalogue's lists, for each role alone", () => {
  const lists = [
    { section: "products", row: "Controls Side Table", add: "/admin/products/new", edit: "/admin/products/edit/" },
    {
      section: "collections",
      row: "Controls Collection",
      add: "/admin/collections/new",
      edit: "/admin/collections/edit/",
    },
    { section: "projects", row: "Controls Project", add: "/admin/addproject", edit: "/admin/editProject/" },
  ];

  it.each(lists)("$section: Add, Edit and the selection only for those who may change the catalogue", async (list) => {
    const refused: string[] = [];
    for (const role of STAFF_ROLES) {
      const opened = await page(role, `/admin/dashboard?section=${list.section}`);
      expect(opened.statusCode, role).toBe(200);
      const main = mainOf(opened.body);
      // Every role reads the list itself, its rows included.
      expect(main, role).toContain(list.row);
      const links = adminLinks(main);
      const controls = {
        add: links.includes(list.add),
        edit: links.some((path) => path.startsWith(list.edit)),
        posts: intents(main).length > 0 || /<form [^>]*method="post"/.test(main),
        selection: /name="ids"/.test(main),
      };
      if (allows([role], "catalogue.write")) {
        expect(controls, role).toMatchObject({ add: true, edit: true });
        if (list.section === "products") expect(controls.selection, role).toBe(true);
      } else {
        expect(controls, role).toEqual({ add: false, edit: false, posts: false, selection: false });
      }
      refused.push(...(await refusedLinks(role, main)));
    }
    expect(refused).toEqual([]);
  });
});

describe("an order's page, for each role alone", () => {
  it.each(["plain", "service", "quoted"] as const)(
    "the %s order shows only the forms the role may send, and its links open",
    async (which) => {
      const url = `/admin/orders/${orders[which]}`;
      const shown = {} as Record<StaffRole, string[]>;
      const refused: string[] = [];
      for (const role of STAFF_ROLES) {
        if (!allows([role], "orders.read")) continue;
        const opened = await page(role, url);
        expect(opened.statusCode, role).toBe(200);
        const main = mainOf(opened.body);
        shown[role] = intents(main);
        refused.push(...(await refusedLinks(role, main)));
      }
      // The Owner may send every form: what they see is the page's whole set.
      for (const intent of shown.owner) expect(FORM_NEEDS, intent).toHaveProperty(intent);
      const everyForm = shown.owner;
      expect(everyForm).toEqual(expect.arrayContaining(["status", "note", "customer", "payment"]));
      for (const role of Object.keys(shown) as StaffRole[]) {
        const allowed = everyForm.filter((intent) => allows([role], FORM_NEEDS[intent]!));
        expect(shown[role], role).toEqual(allowed);
      }
      // Accounts keeps the payments' forms.
      expect(shown.accounts).toContain("payment");
      expect(refused).toEqual([]);
    },
  );
});
