import { describe, expect, it } from "vitest";
import { insertProduct } from "../../tests/support/catalog-factory";
import { useTestDatabase } from "../../tests/support/test-database";
import { products } from "../db/schema/catalog";
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
      whatsappNumber: async () => "2348000000000",
      publicUrl: "http://localhost:3000",
      mailGoesToFiles: true,
    });
    expect(lines).toEqual([
      "Setup: WhatsApp orders go to the demo number. Set your shop's WhatsApp number in Settings.",
      expect.stringMatching(
        /^Setup: Links in e-mails and previews point to http:\/\/localhost:3000, this computer\. Set PUBLIC_URL/,
      ),
      expect.stringMatching(/^Setup: E-mails are saved as files, not sent\. Set SMTP_URL/),
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
        whatsappNumber: () => "2348031234567",
        publicUrl: "https://shop.example.ng",
        mailGoesToFiles: false,
      }),
    ).toEqual([]);
  });
});
