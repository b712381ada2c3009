/** The shop a test or a bench runs: its settings and the address its e-mails come from. */
export const TEST_SITE = {
  PUBLIC_URL: "https://furnish.test",
  WHATSAPP_NUMBER: "2348012345678",
  SHOP_NAME: "Furnish",
  SHOP_EMAIL: "hello@furnish.test",
  SHOP_PHONE: "+234 800 000 0000",
  SHOP_ADDRESS: "1 Test Street, Lagos",
  INSTAGRAM_URL: "https://www.instagram.com/furnish",
  ECATALOG_URL: "https://example.com/catalogue",
};

export const TEST_MAIL_FROM = "Furnish <no-reply@furnish.test>";
