import { describe, expect, it } from "vitest";
import { insertProduct } from "../../tests/support/catalog-factory";
import { useTestDatabase } from "../../tests/support/test-database";
import { products } from "../db/schema/catalog";
import { DEMO_VALUES } from "../../domain/setup/demo-values";
import { warnOfUnfinishedSetup } from "./setup-warnings";

const database = useTestDatabase();

const warningsFor = async (facts: Parameters<typeof warnOfUnfinishedSetup>[2]) => {
  const lines: string[] = [];
  await warnOfUnfinishedSetup(database.db, { warn: (line) => lines.push(line) }, facts);
  return lines;
};

describe("the setup warnings at start", () => {
  it("are one plain line per open item, with its fix", async () => {
    await insertProduct(database.db, { name: "Demo Sofa", demo: true });
    await insertProduct(database.db, { name: "Owner's Sofa" });
    const lines = await warningsFor({
      settings: async () => ({ ...DEMO_VALUES, emailConfirmed: false }),
      publicUrl: "http://localhost:3000",
      mailGoesToFiles: true,
    });
    expect(lines).toEqual([
      "Setup: WhatsApp orders go to the demo number. Settings → Ordering: your shop's WhatsApp number.",
      "Setup: The phone number shown is the demo one, +234 800 000 0000. Settings → Contact details: your shop's phone.",
      expect.stringMatching(
        /^Setup: The shop's e-mail is the demo address hello@furnish\.ng, .* Settings → Contact details/,
      ),
      expect.stringMatching(/^Setup: The address shown is the demo one/),
      expect.stringMatching(/^Setup: The business hours shown are the demo "Open 24\/7"/),
      expect.stringMatching(/^Setup: The home page's slogan is the demo/),
      expect.stringMatching(/^Setup: The line above the slogan is the demo/),
      expect.stringMatching(
        /^Setup: Links in e-mails and previews point to http:\/\/localhost:3000, this computer\. Set PUBLIC_URL/,
      ),
      expect.stringMatching(
        /^Setup: E-mails are saved as files, not sent\. Set up your mail server in Settings → E-mail.* or set SMTP_URL/,
      ),
      expect.stringMatching(
        /^Setup: The demo catalogue is still in your shop: 1 product\. Remove it .* npm run demo -- --remove\.$/,
      ),
    ]);
    for (const line of lines) expect(line).not.toContain("\n");
  });

  it("say nothing for a shop that is set up", async () => {
    await database.db.delete(products);
    expect(
      await warningsFor({
        settings: () => ({
          whatsappNumber: "2348031234567",
          phone: "+2348031234567",
          email: "sales@adaeze-interiors.ng",
          address: "4 Aminu Kano Crescent, Wuse 2, Abuja",
          hours: "Mon–Sat, 9am–6pm",
          slogan: "Made in Abuja, made to last.",
          cityLine: "Furniture, Abuja",
          emailConfirmed: true,
        }),
        publicUrl: "https://shop.example.ng",
        mailGoesToFiles: false,
      }),
    ).toEqual([]);
  });
});
