/**
 * The role × route table: every staff route of the API and every call of every staff
 * door (what the admin pages' loaders and actions make) is tried by a guest, a customer
 * and a member holding each role alone. A guest gets 401, a customer 403, and a member
 * 403 naming the role needed exactly when their role does not hold the permission; the
 * others get past the door (to a 2xx, or a refusal of what they sent: a 400 or a 404).
 * A route or a door call that names no rule fails the test.
 */
import { randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "../domain/load-context";
import {
  allows,
  neededFor,
  PERMISSIONS,
  STAFF_ROLES,
  type Permission,
  type StaffRole,
} from "../domain/staff/permissions";
import { customerCookie, freshAddress, staffCookie } from "../tests/support/admin-session";
import { useTestApp } from "../tests/support/test-app";
import { ADMINS_ONLY, NOT_SIGNED_IN } from "./plugins/session";
import type { Doors } from "./load-context";

const t = useTestApp();
const cookies = {} as Record<StaffRole | "customer", string>;

beforeAll(async () => {
  for (const role of STAFF_ROLES) cookies[role] = await staffCookie(t, [role]);
  cookies.customer = await customerCookie(t);
});

const isPermission = (access: string | undefined): access is Permission => !!access && access in PERMISSIONS;

describe("every staff route of the API", () => {
  const staffRoutes = () =>
    t.routes.filter((route) => route.url.startsWith("/api/admin/operations/") && route.method !== "HEAD");

  it("names the permission it needs", () => {
    expect(staffRoutes().length).toBeGreaterThan(30);
    const unruled = staffRoutes().filter((route) => !isPermission(route.access));
    expect(unruled.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it("refuses guests (401), customers (403) and each role its permission does not hold (403, naming the role)", async () => {
    const wrong: string[] = [];
    for (const route of staffRoutes()) {
      const permission = route.access as Permission;
      const url = route.url.replace(/:[A-Za-z]+/g, randomUUID());
      const hasBody = route.method === "POST" || route.method === "PUT";
      const call = (cookie?: string) =>
        t.app.inject({
          method: route.method as "GET",
          url,
          headers: cookie ? { cookie } : {},
          ...(hasBody ? { payload: {} } : {}),
          remoteAddress: freshAddress(),
        });
      const name = `${route.method} ${route.url}`;
      const guest = await call();
      if (guest.statusCode !== 401 || guest.json().message !== NOT_SIGNED_IN)
        wrong.push(`${name} guest ${guest.statusCode}`);
      const customer = await call(cookies.customer);
      if (customer.statusCode !== 403 || customer.json().message !== ADMINS_ONLY)
        wrong.push(`${name} customer ${customer.statusCode}`);
      for (const role of STAFF_ROLES) {
        const response = await call(cookies[role]);
        if (allows([role], permission)) {
          if ([401, 403].includes(response.statusCode) || response.statusCode >= 500)
            wrong.push(`${name} ${role} refused: ${response.statusCode} ${response.body.slice(0, 120)}`);
        } else if (response.statusCode !== 403 || response.json().message !== neededFor(permission)) {
          wrong.push(`${name} ${role} let through: ${response.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

/** A call of a staff area's door that shoppers make too (the delivery areas and quotes): open to anyone. */
const ANYONE = null;

/**
 * Each door call the admin pages can make, and the permission it needs (or ANYONE). A
 * call missing here fails the test below: a new call is given its rule when it is written.
 */
const DOOR_RULES: { [Area in StaffArea]: Record<keyof ReturnType<Doors[Area]>, Permission | typeof ANYONE> } = {
  catalog: {
    listProducts: "catalogue.read",
    listCollections: "catalogue.read",
    listProductPage: "catalogue.read",
    listCollectionPage: "catalogue.read",
    getProduct: "catalogue.read",
    getCollection: "catalogue.read",
    listCollectionChoices: "catalogue.read",
    findProducts: "catalogue.read",
    addProduct: "catalogue.write",
    updateProduct: "catalogue.write",
    deleteProduct: "catalogue.write",
    duplicateProduct: "catalogue.write",
    changeProducts: "catalogue.write",
    undoBulkChange: "catalogue.write",
    findUndoableBulkChange: "catalogue.read",
    addCollection: "catalogue.write",
    updateCollection: "catalogue.write",
    deleteCollection: "catalogue.write",
    duplicateCollection: "catalogue.write",
  },
  projects: {
    listProjects: "catalogue.read",
    listProjectPage: "catalogue.read",
    getProject: "catalogue.read",
    listCustomerPhotos: "catalogue.write",
    addProject: "catalogue.write",
    updateProject: "catalogue.write",
    deleteProject: "catalogue.write",
  },
  dashboard: { getSummary: "dashboard.read", countUnreadMessages: "dashboard.read" },
  inbox: {
    listMessages: "messages.read",
    listMessagePage: "messages.read",
    markMessageRead: "messages.write",
    deleteMessage: "messages.write",
  },
  settings: {
    get: "settings.read",
    update: "settings.write",
    resendEmailLink: "settings.write",
    mail: "settings.write",
    updateMail: "settings.write",
    sendTestMail: "settings.write",
  },
  setup: { getStatus: "dashboard.read", removeDemoCatalogue: "setup.write" },
  backups: { list: "backups.manage", open: "backups.manage", start: "backups.manage", saveSchedule: "backups.manage" },
  orderDesk: {
    list: "orders.read",
    get: "orders.read",
    update: "orders.production",
    addPayment: "payments.record",
    deletePayment: "payments.remove",
    sendQuote: "orders.write",
    setQuoteValidity: "orders.write",
    workshopSheet: "orders.sheet",
    proposeVisit: "orders.write",
  },
  catalogTransfer: {
    exportCsv: "catalogue.write",
    importNow: "catalogue.write",
    startImportFromBody: "catalogue.write",
    startImport: "catalogue.write",
    importJob: "catalogue.write",
    importJobOrRefuse: "catalogue.write",
  },
  staff: {
    list: "staff.manage",
    get: "staff.manage",
    invite: "staff.manage",
    reinvite: "staff.manage",
    change: "staff.manage",
    remove: "staff.manage",
    mine: "profile.own",
    setMyWhatsapp: "profile.own",
  },
  journal: { list: "journal.money", exportCsv: "journal.money" },
  paymentDesk: {
    settings: "payments.settings",
    updateSettings: "payments.settings",
    requestPart: "payments.record",
    cancelRequest: "payments.record",
    confirmTransfer: "payments.confirm",
    rejectTransfer: "payments.confirm",
    releaseHeld: "payments.confirm",
    refundNote: "payments.confirm",
    atAGlance: "dashboard.read",
  },
  delivery: {
    settings: "delivery.read",
    updateSettings: "settings.write",
    allAreas: "delivery.read",
    areas: ANYONE,
    choice: ANYONE,
    choose: ANYONE,
    quote: ANYONE,
    mainAreaShipping: ANYONE,
    quoteChosen: ANYONE,
  },
  today: { read: "today.work", done: "today.work", snooze: "today.work" },
  customers: {
    list: "customers.read",
    exportCsv: "customers.read",
    get: "customers.read",
    keepers: "customers.read",
    update: "customers.write",
    merge: "customers.merge",
    split: "customers.merge",
  },
  reviewDesk: {
    list: "reviews.moderate",
    publish: "reviews.moderate",
    hide: "reviews.moderate",
    reply: "reviews.moderate",
  },
};

/** The doors only shoppers, guests and providers call: their calls need no staff permission. */
const SHOPPER_DOORS = [
  "lists",
  "accounts",
  "contact",
  "shopEmail",
  "orders",
  "payments",
  "webhooks",
  "reviews",
] as const;

type StaffArea =
  | "catalog"
  | "projects"
  | "dashboard"
  | "inbox"
  | "settings"
  | "setup"
  | "backups"
  | "orderDesk"
  | "catalogTransfer"
  | "staff"
  | "journal"
  | "paymentDesk"
  | "delivery"
  | "today"
  | "customers"
  | "reviewDesk";

/** Arguments that reach past the door without writing anything (an unknown id, an empty body). */
const ARGUMENTS: Record<string, unknown[]> = {
  listProducts: [{ page: 1, limit: 20 }],
  listCollections: [{ page: 1, limit: 20 }],
  listProductPage: [{ page: 1, limit: 20 }],
  listCollectionPage: [{ page: 1, limit: 20 }],
  listProjects: [{ page: 1, limit: 20 }],
  listProjectPage: [{ page: 1, limit: 20 }],
  findProducts: [{ page: 1 }],
  listMessages: [1],
  listMessagePage: [{ page: 1, limit: 20 }],
  removeDemoCatalogue: [],
  startImport: [{ csv: new Uint8Array(), dryRun: true }],
  importNow: [{}, true],
  startImportFromBody: [{}, true],
  list: [{}],
};

function asMember(viewer: Viewer | null) {
  return {
    signedIn: async () => (viewer ? { viewer, sessionHash: "test", renewedUntil: null } : null),
    cookies: {},
    headers: {},
    log: t.app.log,
  } as unknown as FastifyRequest;
}

const viewerOf = (roles: StaffRole[], isAdmin = true): Viewer => ({
  _id: randomUUID(),
  username: roles.join(" ") || "Customer",
  email: "member@furnish.test",
  phoneNumber: null,
  role: isAdmin ? "admin" : "customer",
  isAdmin,
  roles,
});

/** The status a door call was refused with, or null when it got past the door. */
async function refusalOf(run: () => unknown): Promise<{ status: number; message: string } | null> {
  try {
    await run();
    return null;
  } catch (error) {
    const { statusCode, message } = error as { statusCode?: number; message: string };
    return statusCode === 401 || statusCode === 403 ? { status: statusCode, message } : null;
  }
}

describe("every staff door call the pages make", () => {
  it("belongs to a door in the table: every door is a staff door here or a shopper's", () => {
    const known: string[] = [...Object.keys(DOOR_RULES), ...SHOPPER_DOORS];
    expect(Object.keys(t.app.doors).filter((area) => !known.includes(area))).toEqual([]);
  });

  it("has a rule, and no call of the staff doors is left without one", () => {
    const doors = t.app.doors;
    const missing: string[] = [];
    for (const area of Object.keys(DOOR_RULES) as StaffArea[]) {
      const calls = Object.keys(doors[area](asMember(null), {} as never));
      for (const call of calls) if (!(call in DOOR_RULES[area])) missing.push(`${area}.${call}`);
    }
    expect(missing).toEqual([]);
  });

  it("refuses guests, customers and each role its permission does not hold", async () => {
    const doors = t.app.doors;
    const wrong: string[] = [];
    for (const area of Object.keys(DOOR_RULES) as StaffArea[]) {
      for (const [call, permission] of Object.entries(DOOR_RULES[area]) as [string, Permission | null][]) {
        const args = ARGUMENTS[call] ?? [randomUUID(), {}];
        const attempt = (viewer: Viewer | null) =>
          refusalOf(() =>
            (doors[area](asMember(viewer), {} as never) as Record<string, (...a: unknown[]) => unknown>)[call]!(
              ...args,
            ),
          );
        const name = `${area}.${call}`;
        if (permission === ANYONE) {
          if ((await attempt(null)) !== null) wrong.push(`${name} guest refused`);
          continue;
        }
        if ((await attempt(null))?.status !== 401) wrong.push(`${name} guest`);
        if ((await attempt(viewerOf([], false)))?.status !== 403) wrong.push(`${name} customer`);
        for (const role of STAFF_ROLES) {
          const refused = await attempt(viewerOf([role]));
          if (allows([role], permission) ? refused !== null : refused?.message !== neededFor(permission))
            wrong.push(`${name} ${role}: ${refused ? `refused ${refused.status}` : "let through"}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
