import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { toE164 } from "../../domain/accounts/phone";
import { useTestDatabase } from "../../tests/support/test-database";

const db = useTestDatabase();

const migration = () =>
  readFile(new URL("./migrations/0004_normalise_phone_numbers.sql", import.meta.url), "utf8").then((sql) =>
    sql.split("--> statement-breakpoint"),
  );

// Numbers as the old forms stored them (10 to 14 digits), and what they become.
const stored: Array<[string | null, string | null]> = [
  ["08031234567", "+2348031234567"],
  ["8031234567", "+2348031234567"],
  ["2348031234567", "+2348031234567"],
  ["23408031234567", "+2348031234567"],
  ["2012345678", "+2342012345678"],
  ["447946012345", "+447946012345"],
  ["12025550123", "+12025550123"],
  // Nigerian numbers of the wrong length stay as they were: nothing says what was meant.
  ["080312345678", "080312345678"],
  ["0123456789", "0123456789"],
  ["2340803123456", "2340803123456"],
  ["+2348031234567", "+2348031234567"],
  [null, null],
];

describe("the phone number migration", () => {
  it("stores the numbers of accounts and contact messages in E.164", async () => {
    for (const [index, [phone]] of stored.entries()) {
      await db.pool.query(
        `insert into users (username, email, phone_number, password_hash) values ('Ada', $1, $2, 'x')`,
        [`ada${index}@example.com`, phone],
      );
      if (phone !== null) {
        await db.pool.query(
          `insert into contact_messages (name, email, phone_number, subject, message) values ('Ada', 'ada@example.com', $1, 'Hi', $2)`,
          [phone, String(index)],
        );
      }
    }
    for (const statement of await migration()) await db.pool.query(statement);

    const users = await db.pool.query<{ email: string; phone_number: string | null }>(
      "select email, phone_number from users order by email",
    );
    const messages = await db.pool.query<{ message: string; phone_number: string }>(
      "select message, phone_number from contact_messages",
    );
    for (const [index, [phone, expected]] of stored.entries()) {
      expect(users.rows.find((row) => row.email === `ada${index}@example.com`)?.phone_number, String(phone)).toBe(
        expected,
      );
      if (phone !== null) {
        expect(messages.rows.find((row) => row.message === String(index))?.phone_number, phone).toBe(expected);
      }
    }
  });

  it("agrees with the forms' rule on every number that rule reads without a +", () => {
    for (const [phone, expected] of stored) {
      if (phone === null || phone.startsWith("+")) continue;
      const rule = toE164(phone);
      if (rule !== null) expect(expected, phone).toBe(rule);
      else expect([phone, `+${phone}`], phone).toContain(expected);
    }
  });
});
