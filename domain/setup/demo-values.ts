/**
 * The values a fresh install's settings hold so that the shop looks complete on its first
 * start (docs/product.md, Setup checklist). None of them is the owner's: the number and
 * address reach nobody, and the e-mail is a domain the owner does not control. Each one
 * still held is an item of the setup checklist and a warning at start, with the field of
 * Settings that replaces it.
 */

/** The demo WhatsApp number: orders sent to it reach nobody. */
export const DEMO_WHATSAPP_NUMBER = "2348000000000";

/** What a fresh install's settings hold, as stored. */
export const DEMO_VALUES = {
  whatsappNumber: DEMO_WHATSAPP_NUMBER,
  phone: "+2348000000000",
  email: "hello@furnish.ng",
  address: "12 Admiralty Way, Lekki Phase 1, Lagos",
  hours: "24/7",
  slogan: "Finish. Furnish. Flourish.",
  cityLine: "Furniture & interiors, Lagos",
} as const;

export type DemoField = keyof typeof DEMO_VALUES;

/** The settings a demo value may still sit in. */
export type DemoValueFacts = Record<DemoField, string>;

export interface DemoValue {
  field: DemoField;
  /** What the shop still shows: "The phone number is the demo one, +234 800 000 0000". */
  title: string;
  /** Where it is replaced: "Settings → Contact details: your shop's phone." */
  fix: string;
  /** The Settings field itself. */
  href: string;
}

/** The Settings form's id: its fields' ids are `settings-<name>`. */
const fieldLink = (field: DemoField) => `/admin/settings#settings-${field}`;

const DESCRIBED: Record<DemoField, { title: string; fix: string }> = {
  whatsappNumber: {
    title: "WhatsApp orders go to the demo number",
    fix: "Settings → Ordering: your shop's WhatsApp number.",
  },
  phone: {
    title: "The phone number shown is the demo one, +234 800 000 0000",
    fix: "Settings → Contact details: your shop's phone.",
  },
  email: {
    title: `The shop's e-mail is the demo address ${DEMO_VALUES.email}, which you do not receive`,
    fix: "Settings → Contact details: your shop's e-mail, then open the link we send to it.",
  },
  address: {
    title: "The address shown is the demo one, in Lekki",
    fix: "Settings → Contact details: your shop's address.",
  },
  hours: {
    title: 'The business hours shown are the demo "Open 24/7"',
    fix: "Settings → Contact details: your business hours.",
  },
  slogan: {
    title: `The home page's slogan is the demo "${DEMO_VALUES.slogan}"`,
    fix: "Settings → Shop: your slogan.",
  },
  cityLine: {
    title: `The line above the slogan is the demo "${DEMO_VALUES.cityLine}"`,
    fix: "Settings → Shop: the line above the slogan, such as your trade and city.",
  },
};

/** Compared as a shopper reads them: case and spacing aside. */
const same = (a: string, b: string) => a.trim().replace(/\s+/g, " ").toLowerCase() === b.toLowerCase();

/** The settings that still hold their demo value: the WhatsApp number first, as orders go there. */
export function demoValues(facts: DemoValueFacts): DemoValue[] {
  const fields = Object.keys(DESCRIBED) as DemoField[];
  return fields
    .filter((field) => same(facts[field], DEMO_VALUES[field]))
    .map((field) => ({ field, ...DESCRIBED[field], href: fieldLink(field) }));
}

/** Whether `email` is the demo address, which can never be confirmed. */
export const isDemoEmail = (email: string) => same(email, DEMO_VALUES.email);
