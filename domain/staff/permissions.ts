/**
 * Who on the shop's staff may do what (docs/product.md, Staff and roles). A person may
 * hold several roles; what they may do is everything any of their roles allows. The
 * server checks these at each area's door; the admin pages only hide what a role may not
 * open, so no menu leads to a refusal.
 */

export const STAFF_ROLES = ["owner", "sales", "workshop", "accounts", "catalogue"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Owner",
  sales: "Sales",
  workshop: "Workshop",
  accounts: "Accounts",
  catalogue: "Catalogue",
};

export const ROLE_DUTIES: Record<StaffRole, string> = {
  owner: "Everything, and the only one who manages staff, settings and backups and removes payments.",
  sales: "Orders, quotes, customers and messages; records payments but cannot remove them.",
  workshop: "Moves orders through production and sees their specs and pictures, never the money.",
  accounts: "Payments, invoices and receipts.",
  catalogue: "Products, collections, projects, imports and prices.",
};

export const STAFF_STATUSES = ["invited", "active", "suspended"] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** What a request may need. Every admin route and page action names exactly one. */
export const PERMISSIONS = {
  /** The admin panel's home and its counts. */
  "dashboard.read": ["owner", "sales", "workshop", "accounts", "catalogue"],
  /** The catalogue as the admin lists it, drafts included. */
  "catalogue.read": ["owner", "sales", "workshop", "accounts", "catalogue"],
  /** Products, collections, projects, imports, exports and prices. */
  "catalogue.write": ["owner", "catalogue"],
  /** The order desk: orders and their timelines (Workshop sees no amounts). */
  "orders.read": ["owner", "sales", "workshop", "accounts"],
  /** An order's items, amounts, quote, notes, assignee, any status, and a service request's visit times. */
  "orders.write": ["owner", "sales"],
  /** Moving an order through its production stages, and nothing else. */
  "orders.production": ["owner", "sales", "workshop"],
  /** The workshop sheet: what to make, with its finish, size, spec note and pictures, never a price. */
  "orders.sheet": ["owner", "sales", "workshop"],
  /** Amounts: totals, fees, deposits, what was paid. */
  "money.read": ["owner", "sales", "accounts"],
  /** Recording a payment taken in person, and asking the customer for a part payment. */
  "payments.record": ["owner", "sales", "accounts"],
  /** Confirming or rejecting a customer's transfer, and deciding on a payment held for review. */
  "payments.confirm": ["owner", "accounts"],
  "payments.remove": ["owner"],
  /** The shop's bank account and the payment providers' keys. */
  "payments.settings": ["owner", "accounts"],
  /** The messages sent through the contact form. */
  "messages.read": ["owner", "sales"],
  "messages.write": ["owner", "sales"],
  /** Customers' reviews: publishing, hiding with a reason, the shop's one reply. */
  "reviews.moderate": ["owner", "sales"],
  /** The customer's phone and e-mail on an order, and their name: whom to contact. */
  "customers.read": ["owner", "sales"],
  /** The customer book's notes, tags and who looks after a customer. */
  "customers.write": ["owner", "sales"],
  /** Merging two records of one person, and splitting orders off to a record of their own. */
  "customers.merge": ["owner"],
  /** The customer's name on an order: invoices and receipts are made out to it (server/modules/orders/order-readers.ts). */
  "customers.name": ["owner", "sales", "accounts"],
  /**
   * Today's queues of people to chase, and marking an entry done or snoozed: its entries
   * name the customer and open a chat with their number, so the roles that read customers.
   */
  "today.work": ["owner", "sales"],
  "settings.read": ["owner", "sales", "workshop", "accounts", "catalogue"],
  /** The delivery prices, as Sales quote them; the Owner sets them (`settings.write`). */
  "delivery.read": ["owner", "sales"],
  "settings.write": ["owner"],
  /** Removing the demo catalogue and the first-day set-up. */
  "setup.write": ["owner"],
  "backups.manage": ["owner"],
  "staff.manage": ["owner"],
  /** A member's own details: the WhatsApp number of the orders assigned to them. */
  "profile.own": ["owner", "sales", "workshop", "accounts", "catalogue"],
  /** Every journal entry. */
  "journal.read": ["owner"],
  /** The journal's money entries (payments, amounts). */
  "journal.money": ["owner", "accounts"],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function allows(roles: readonly StaffRole[], permission: Permission): boolean {
  const allowed: readonly StaffRole[] = PERMISSIONS[permission];
  return roles.some((role) => allowed.includes(role));
}

/** The roles that allow it, as a refusal names them: "Owner or Sales". */
export function rolesFor(permission: Permission): string {
  const labels = PERMISSIONS[permission].map((role) => ROLE_LABELS[role]);
  return labels.length > 1 ? `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}` : labels[0]!;
}

/** The message of a 403: what is needed, in the owner's words. */
export function neededFor(permission: Permission): string {
  return `This needs the ${rolesFor(permission)} role.`;
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}
