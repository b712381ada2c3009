import { describe, expect, it } from "vitest";
import { describeDemoItems } from "./demo-catalogue.schema";
import { DEMO_VALUES } from "./demo-values";
import { setupChecklist, type SetupFacts } from "./setup-checklist";

const noDemo = { products: 0, collections: 0, projects: 0, pictures: 0 };

/** The owner's own settings, the e-mail confirmed. */
const own: SetupFacts["settings"] = {
  whatsappNumber: "2348031234567",
  phone: "+2348031234567",
  email: "sales@adaeze-interiors.ng",
  address: "4 Aminu Kano Crescent, Wuse 2, Abuja",
  hours: "Mon–Sat, 9am–6pm",
  slogan: "Made in Abuja, made to last.",
  cityLine: "Furniture, Abuja",
  emailConfirmed: true,
};

/** A shop that is fully set up. */
const done: SetupFacts = {
  settings: own,
  publicUrl: "https://shop.example.ng",
  mailGoesToFiles: false,
  demoCatalogue: noDemo,
};

const ids = (facts: Partial<SetupFacts>) => setupChecklist({ ...done, ...facts }).map((item) => item.id);

describe("the setup checklist", () => {
  it("is empty for a shop that is set up", () => {
    expect(setupChecklist(done)).toEqual([]);
  });

  it("lists every open item of a fresh install, in order, each with its fix", () => {
    const items = setupChecklist({
      settings: { ...DEMO_VALUES, emailConfirmed: false },
      publicUrl: "http://localhost:3000",
      mailGoesToFiles: true,
      demoCatalogue: { products: 64, collections: 10, projects: 12, pictures: 174 },
    });
    expect(items.map((item) => item.id)).toEqual([
      "demo-whatsappNumber",
      "demo-phone",
      "demo-email",
      "demo-address",
      "demo-hours",
      "demo-slogan",
      "demo-cityLine",
      "public-url",
      "mail",
      "demo-catalogue",
    ]);
    expect(items[0]).toMatchObject({
      title: "WhatsApp orders go to the demo number",
      fix: "Settings → Ordering: your shop's WhatsApp number.",
      link: { href: "/admin/settings#settings-whatsappNumber" },
    });
    expect(items[1]).toMatchObject({
      fix: "Settings → Contact details: your shop's phone.",
      link: { href: "/admin/settings#settings-phone" },
    });
    const [publicUrl, mail, demo] = items.slice(-3);
    expect(publicUrl!.title).toContain("http://localhost:3000");
    expect(publicUrl!.fix).toMatch(/^Set PUBLIC_URL to your shop's address/);
    expect(publicUrl!.fix).toContain("It cannot be set here");
    expect(publicUrl!.link).toBeUndefined();
    expect(mail).toMatchObject({
      fix: "Set up your mail server in Settings → E-mail, so password resets and order e-mails reach people.",
      link: { href: "/admin/settings/email" },
    });
    expect(demo!.title).toBe("The demo catalogue is still in your shop: 64 products, 10 collections and 12 projects");
  });

  it("opens the WhatsApp item only for the demo number", () => {
    expect(ids({ settings: { ...own, whatsappNumber: DEMO_VALUES.whatsappNumber } })).toEqual(["demo-whatsappNumber"]);
    expect(ids({ settings: { ...own, whatsappNumber: "2348000000001" } })).toEqual([]);
  });

  it("asks to confirm the shop's own e-mail, linking to the field, but not the demo one twice", () => {
    const items = setupChecklist({ ...done, settings: { ...own, emailConfirmed: false } });
    expect(items).toEqual([
      expect.objectContaining({
        id: "email-unconfirmed",
        title: expect.stringContaining("sales@adaeze-interiors.ng, is not confirmed yet"),
        link: { href: "/admin/settings#settings-email", label: "Resend the link" },
      }),
    ]);
    expect(ids({ settings: { ...own, email: DEMO_VALUES.email, emailConfirmed: false } })).toEqual(["demo-email"]);
  });

  it("opens the address item for every address only this computer reaches", () => {
    for (const publicUrl of [
      "http://localhost:3000",
      "http://LOCALHOST",
      "http://shop.localhost:8080",
      "http://127.0.0.1:41731",
      "http://127.1.2.3",
      "http://[::1]:3000",
      "http://0.0.0.0:3000",
    ]) {
      expect(ids({ publicUrl }), publicUrl).toEqual(["public-url"]);
    }
    for (const publicUrl of ["https://shop.example.ng", "http://192.168.1.20:3000", "https://localhost.shop.ng"]) {
      expect(ids({ publicUrl }), publicUrl).toEqual([]);
    }
  });

  it("opens the mail item while mail goes to files", () => {
    expect(ids({ mailGoesToFiles: true })).toEqual(["mail"]);
  });

  it("opens the demo item while any demo product, collection or project is left, not for pictures alone", () => {
    expect(ids({ demoCatalogue: { ...noDemo, products: 1 } })).toEqual(["demo-catalogue"]);
    expect(ids({ demoCatalogue: { ...noDemo, collections: 1 } })).toEqual(["demo-catalogue"]);
    expect(ids({ demoCatalogue: { ...noDemo, projects: 1 } })).toEqual(["demo-catalogue"]);
    expect(ids({ demoCatalogue: { ...noDemo, pictures: 3 } })).toEqual([]);
  });
});

describe("describeDemoItems", () => {
  it("names what there is, in words, leaving zeros out", () => {
    expect(describeDemoItems({ products: 1, collections: 0, projects: 0, pictures: 2 })).toBe("1 product");
    expect(describeDemoItems({ products: 2, collections: 0, projects: 1, pictures: 0 })).toBe(
      "2 products and 1 project",
    );
    expect(describeDemoItems({ products: 0, collections: 0, projects: 0, pictures: 0 })).toBe("nothing");
  });
});
