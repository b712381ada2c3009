import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { useTestDatabase } from "../../../tests/support/test-database";
import { sessions, users } from "../../db/schema/accounts";
import { cartItems, carts, wishlistItems, wishlists } from "../../db/schema/shopping-lists";
import { upsertAdmin } from "./admins.service";
import {
  ADMIN_NOT_DELETABLE,
  authenticate,
  deleteAccount,
  signInAccount,
  signUp,
  WRONG_OLD_PASSWORD,
} from "./accounts.service";
import { findSession } from "./sessions.service";

const database = useTestDatabase();
const PASSWORD = "Str0ngPassword";

let sofa: { id: string };
beforeAll(async () => {
  sofa = await insertProduct(database.db, { name: "Velvet Sofa" });
});

let nextEmail = 1;
async function customer() {
  return signUp(database.db, {
    fullName: "Ada Obi",
    email: `service${nextEmail++}@example.com`,
    phoneNumber: "08012345678",
    password: PASSWORD,
  });
}

async function admin() {
  const email = `owner${nextEmail++}@furnish.test`;
  await upsertAdmin(database.db, { email, password: "0wnerPassword" });
  return authenticate(database.db, { email, password: "0wnerPassword" });
}

/** A guest's cart with two sofas and a wishlist with the sofa, as the shop keeps them. */
async function guestLists(guestKeyHash: string) {
  const [cart] = await database.db.insert(carts).values({ guestKeyHash }).returning();
  await database.db
    .insert(cartItems)
    .values({ cartId: cart!.id, itemType: "Product", productId: sofa.id, quantity: 2 });
  const [wishlist] = await database.db.insert(wishlists).values({ guestKeyHash }).returning();
  await database.db.insert(wishlistItems).values({ wishlistId: wishlist!.id, itemType: "Product", productId: sofa.id });
}

const cartOf = (owner: { userId: string } | { guestKeyHash: string }) =>
  database.db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where("userId" in owner ? eq(carts.userId, owner.userId) : eq(carts.guestKeyHash, owner.guestKeyHash));

describe("signInAccount", () => {
  it("ends the browser's previous session, starts a new one and moves a customer's guest lists in", async () => {
    const viewer = await customer();
    const first = await signInAccount(database.db, { viewer, previousSessionHash: null, guestKeyHash: null });
    const previous = (await findSession(database.db, first.token))!;

    await guestLists("guest-a");
    const second = await signInAccount(database.db, {
      viewer,
      previousSessionHash: previous.sessionHash,
      guestKeyHash: "guest-a",
    });
    expect(second).toMatchObject({
      endedSessionHash: previous.sessionHash,
      guestListsMoved: true,
      guestKeyUsed: true,
    });
    expect(second.token).not.toBe(first.token);
    expect(await findSession(database.db, first.token)).toBeNull();
    expect((await findSession(database.db, second.token))!.viewer._id).toBe(viewer._id);
    expect(await cartOf({ userId: viewer._id })).toEqual([{ productId: sofa.id, quantity: 2 }]);
    expect(await cartOf({ guestKeyHash: "guest-a" })).toEqual([]);
    expect(await database.db.select().from(wishlists).where(eq(wishlists.guestKeyHash, "guest-a"))).toEqual([]);
  });

  it("leaves the guest's lists alone when an admin signs in: admins have no cart", async () => {
    const owner = await admin();
    await guestLists("guest-b");
    const result = await signInAccount(database.db, {
      viewer: owner,
      previousSessionHash: null,
      guestKeyHash: "guest-b",
    });
    expect(result).toMatchObject({ endedSessionHash: null, guestListsMoved: false, guestKeyUsed: false });
    expect(await cartOf({ guestKeyHash: "guest-b" })).toEqual([{ productId: sofa.id, quantity: 2 }]);
    expect(await database.db.select().from(carts).where(eq(carts.userId, owner._id))).toEqual([]);
  });
});

describe("deleteAccount", () => {
  it("deletes a customer with their sessions given their password, and refuses to delete an admin", async () => {
    const viewer = await customer();
    await signInAccount(database.db, { viewer, previousSessionHash: null, guestKeyHash: null });
    await expect(deleteAccount(database.db, viewer._id, "Wr0ngPassword")).rejects.toMatchObject({
      kind: "invalid",
      message: WRONG_OLD_PASSWORD,
      errors: { currentPassword: WRONG_OLD_PASSWORD },
    });
    expect(await database.db.select().from(users).where(eq(users.id, viewer._id))).toHaveLength(1);
    await deleteAccount(database.db, viewer._id, PASSWORD);
    expect(await database.db.select().from(users).where(eq(users.id, viewer._id))).toEqual([]);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, viewer._id))).toEqual([]);

    const owner = await admin();
    await expect(deleteAccount(database.db, owner._id, "0wnerPassword")).rejects.toMatchObject({
      kind: "forbidden",
      message: ADMIN_NOT_DELETABLE,
    });
    expect(await database.db.select().from(users).where(eq(users.id, owner._id))).toHaveLength(1);
  });
});
