/** The contact form's journey, the same on /contact and at the foot of the home page. */
import { expect, type Page } from "@playwright/test";
import { expectNotice } from "./e2e-notices";

/**
 * Sends the form empty (each field's message beside it, the reader put on the messages),
 * then filled in: the thanks show and the form is empty again. Without scripts a refused
 * post from the home page comes back as the /contact page, with the same form.
 */
export async function sendContactForm(page: Page) {
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Send Message" }) });
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByLabel("Name")).toHaveAccessibleDescription("Name is required.");
  await expect(form.getByLabel("Email")).toHaveAccessibleDescription("Enter valid email address");
  await expect(form.getByLabel("Phone number")).toHaveAccessibleDescription(
    "Phone number must be between 10 and 14 digits",
  );
  await expect(form.getByLabel("Subject")).toHaveAccessibleDescription("Subject is required.");
  await expect(form.getByLabel("Message")).toHaveAccessibleDescription("Message is required.");
  // The summary above the form, or its first field (the form's id differs once on /contact).
  await expect(page.locator(`[id$="-errors"]:focus, [id$="-name"]:focus`)).toHaveCount(1);

  await form.getByLabel("Name").fill("Ada Obi");
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByLabel("Phone number").fill("0801-234-5678");
  await form.getByLabel("Subject").fill("A sofa in green");
  await form.getByLabel("Message").fill("Can the Lagos sofa come in green velvet?");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByLabel("Email")).toHaveAccessibleDescription("Enter valid email address");
  // What was typed stays.
  await expect(form.getByLabel("Subject")).toHaveValue("A sofa in green");

  await form.getByLabel("Email").fill("ada@example.com");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expectNotice(page, "Message sent successfully!");
  for (const field of ["Name", "Email", "Phone number", "Subject", "Message"])
    await expect(form.getByLabel(field)).toHaveValue("");
}
