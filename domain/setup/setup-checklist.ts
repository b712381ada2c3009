/**
 * What the owner still has to set up before the shop is really theirs (docs/product.md,
 * Setup checklist): the dashboard lists it, and the server logs it at start. Each open
 * item says what is wrong and how to put it right, calmly: the shop works meanwhile.
 */
import { describeDemoItems, type DemoCatalogueCounts } from "./demo-catalogue.schema";
import { demoValues, isDemoEmail, type DemoField, type DemoValueFacts } from "./demo-values";

export interface SetupFacts {
  /** The settings as stored: which still hold a demo value, and whether the e-mail is confirmed. */
  settings: DemoValueFacts & { emailConfirmed: boolean };
  /** The shop's address as links in e-mails and shared pages use it (PUBLIC_URL). */
  publicUrl: string;
  /** Outgoing mail is written to files instead of being sent (no mail server in Settings, no SMTP_URL). */
  mailGoesToFiles: boolean;
  /** What is left of the demo catalogue. */
  demoCatalogue: DemoCatalogueCounts;
}

/** Settings → E-mail, where the owner sets the mail server. */
export const MAIL_SETTINGS_PAGE = "/admin/settings/email";

export type SetupItemId = `demo-${DemoField}` | "email-unconfirmed" | "public-url" | "mail" | "demo-catalogue";

export interface SetupItem {
  id: SetupItemId;
  /** What is not set up yet. */
  title: string;
  /** How to put it right. */
  fix: string;
  /** Where the owner puts it right, when that is a page of the panel. */
  link?: { href: string; label: string };
}

/** A host that only this computer reaches: nobody else can open a link to it. */
function isThisComputer(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return true;
  }
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    /^127\.\d+\.\d+\.\d+$/.test(host) ||
    host === "[::1]" ||
    host === "0.0.0.0"
  );
}

/** The open items, in the order the owner should see to them; empty once the shop is set up. */
export function setupChecklist(facts: SetupFacts): SetupItem[] {
  const items: SetupItem[] = [];
  for (const demo of demoValues(facts.settings)) {
    items.push({
      id: `demo-${demo.field}`,
      title: demo.title,
      fix: demo.fix,
      link: { href: demo.href, label: "Open Settings" },
    });
  }
  const { email, emailConfirmed } = facts.settings;
  if (!emailConfirmed && !isDemoEmail(email)) {
    items.push({
      id: "email-unconfirmed",
      title: `The shop's e-mail, ${email}, is not confirmed yet: new orders and contact messages are not e-mailed to it`,
      fix: "Open the link we sent to it, or resend the link from Settings.",
      link: { href: "/admin/settings#settings-email", label: "Resend the link" },
    });
  }
  if (isThisComputer(facts.publicUrl)) {
    items.push({
      id: "public-url",
      title: `Links in e-mails and previews point to ${facts.publicUrl}, this computer`,
      // Not a setting: it decides which addresses the shop takes sign-ins and forms from, so a
      // wrong one typed in the panel would lock everyone out of it (docs/product.md, Setup checklist).
      fix: "Set PUBLIC_URL to your shop's address, such as https://shop.example.ng, in the server's .env file, and restart the shop. It cannot be set here: the shop takes sign-ins and forms only from that address, and a wrong one would lock you out of this panel.",
    });
  }
  if (facts.mailGoesToFiles) {
    items.push({
      id: "mail",
      title: "E-mails are saved as files, not sent",
      fix: "Set up your mail server in Settings → E-mail, so password resets and order e-mails reach people.",
      link: { href: MAIL_SETTINGS_PAGE, label: "Open E-mail settings" },
    });
  }
  const demo = facts.demoCatalogue;
  if (demo.products + demo.collections + demo.projects > 0) {
    items.push({
      id: "demo-catalogue",
      title: `The demo catalogue is still in your shop: ${describeDemoItems(demo)}`,
      fix: "Remove it once your own items are in; what you added or edited stays.",
    });
  }
  return items;
}
