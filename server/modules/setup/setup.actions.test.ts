/**
 * The dashboard's setup checklist and its Remove demo catalogue, as the page serves them
 * (server-rendered, so also before and without scripts), behind the admin check.
 */
import { describe, expect, it } from "vitest";
import { adminCookie, customerCookie } from "../../../tests/support/admin-session";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { useTestApp } from "../../../tests/support/test-app";

// The demo WhatsApp number; the test site's address is public; mail goes to an outbox folder.
const t = useTestApp({ pages: true, env: { WHATSAPP_NUMBER: "2348000000000" } });

const ORIGIN = "https://furnish.test";
const removePost = (cookie?: string) => ({
  method: "POST" as const,
  url: "/admin/dashboard",
  payload: "intent=remove-demo-catalogue&back=%2Fadmin%2Fdashboard",
  headers: {
    "content-type": "application/x-www-form-urlencoded",
    origin: ORIGIN,
    "sec-fetch-mode": "navigate",
    ...(cookie ? { cookie } : {}),
  },
});

const page = async (url: string, cookie: string) => {
  const response = await t.app.inject({ method: "GET", url, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.body.replaceAll("&#x27;", "'");
};

describe("the dashboard's setup checklist", () => {
  it("lists what is left to set up, with the fixes, and asks before removing the demo, without scripts too", async () => {
    await insertProduct(t.db, { name: "Demo Sofa", demo: true });
    await insertProduct(t.db, { name: "Demo Chair", demo: true });
    const cookie = await adminCookie(t);
    const html = await page("/admin/dashboard", cookie);
    expect(html).toContain("Finish setting up your shop");
    expect(html).toContain("WhatsApp orders go to the demo number");
    expect(html).toMatch(/<a[^>]*href="\/admin\/settings#settings-whatsappNumber"[^>]*>Open Settings/);
    expect(html).toContain("E-mails are saved as files, not sent");
    expect(html).not.toContain("Set PUBLIC_URL");
    expect(html).toContain("The demo catalogue is still in your shop: 2 products");
    expect(html).toMatch(/<a[^>]*href="\/admin\/dashboard\?confirm=remove-demo-catalogue"[^>]*>Remove demo catalogue/);
    expect(html).not.toContain("<dialog");

    // Without scripts the link opens the question, which holds the form itself.
    const asked = await page("/admin/dashboard?confirm=remove-demo-catalogue", cookie);
    const dialog = /<dialog[^>]*open=""[\s\S]*?<\/dialog>/.exec(asked)?.[0] ?? "";
    expect(dialog).toContain("Remove the demo catalogue?");
    expect(dialog).toContain("This removes the demo's 2 products, with their pictures");
    expect(dialog).toMatch(/<form[^>]*action="\/admin\/dashboard" method="post"/);
    expect(dialog).toContain('name="intent" value="remove-demo-catalogue"');
    expect(dialog).toContain('name="back" value="/admin/dashboard"');
  });

  it("removes the demo for the admin only, answering a browser's own post with a 303 back and the message", async () => {
    const owner = await insertProduct(t.db, { name: "Owner's Bench" });
    const guest = await t.app.inject(removePost());
    expect(guest.statusCode).toBe(302);
    expect(guest.headers.location).toBe("/admin/login");
    const customer = await t.app.inject(removePost(await customerCookie(t)));
    expect(customer.statusCode).toBe(302);
    expect(customer.headers.location).toBe("/");
    const cookie = await adminCookie(t);
    expect(await page("/admin/dashboard", cookie)).toContain("The demo catalogue is still in your shop");

    const removed = await t.app.inject(removePost(cookie));
    expect(removed.statusCode).toBe(303);
    expect(removed.headers.location).toBe("/admin/dashboard");
    const flash = String(removed.headers["set-cookie"]);
    expect(decodeURIComponent(flash)).toContain("flash=");

    const after = await page("/admin/dashboard", `${cookie}; ${flash.split(";")[0]}`);
    expect(after).toContain("Removed the demo catalogue: 2 products.");
    expect(after).not.toContain("The demo catalogue is still in your shop");
    expect(after).not.toContain("Remove demo catalogue");
    // The rest of the checklist stays until it is done.
    expect(after).toContain("WhatsApp orders go to the demo number");
    expect((await t.app.inject({ method: "GET", url: `/api/products/${owner.id}` })).statusCode).toBe(200);
    const list = await t.app.inject({ method: "GET", url: "/api/products" });
    expect(list.json<{ products: { name: string }[] }>().products.map((p) => p.name)).toEqual(["Owner's Bench"]);
  });
});
