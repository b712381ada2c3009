/**
 * The bench's customer book (npm run bench:customers): 20,000 customers with a phone and an
 * e-mail each and 3 orders each (60,000, spread evenly over the steps), with their lines,
 * quote versions and payments, written in SQL for speed. Kept apart from the run so the
 * same book can be seeded into a database of one's own to read query plans on.
 */
import { sql } from "drizzle-orm";
import { REFERENCE_ALPHABET } from "../../domain/orders/order-reference";
import type { Database } from "../../server/db/client";

export const CUSTOMERS = 20_000;
export const ORDERS_EACH = 3;

const FIRST = ["Ngozi", "Chidi", "Amaka", "Tunde", "Folake", "Emeka", "Bola", "Kunle", "Zainab", "Ifeoma", "Musa"];
const LAST = ["Okafor", "Adeyemi", "Balogun", "Nwosu", "Eze", "Bello", "Okonkwo", "Adebayo", "Ibrahim", "Obi"];

/** Seeds the book into an empty, migrated database. */
export async function seedCustomerBook(db: Database): Promise<void> {
  const firstNames = `array[${FIRST.map((name) => `'${name}'`).join(",")}]`;
  const lastNames = `array[${LAST.map((name) => `'${name}'`).join(",")}]`;
  // Names made of the lists above plus a number, so a search finds a handful, as in a real book.
  await db.execute(
    sql.raw(`
    insert into customers (id, name, name_keys, created_at)
    select ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid,
           (${firstNames})[1 + i % ${FIRST.length}] || ' ' || (${lastNames})[1 + (i / ${FIRST.length}) % ${LAST.length}] || ' ' || i,
           '{}', now() - (i || ' minutes')::interval
    from generate_series(1, ${CUSTOMERS}) as i`),
  );
  // The search keys as the app writes them (domain/customers/customer-keys.ts), done in SQL for speed.
  await db.execute(sql`
    update customers set name_keys = (
      select array_agg(distinct key) from (
        select word as key from regexp_split_to_table(lower(name), '[^a-z0-9]+') as word where word <> ''
        union
        select left(word, p - 1) || substr(word, p + 1)
        from regexp_split_to_table(lower(name), '[^a-z0-9]+') as word, generate_series(1, length(word)) as p
        where length(word) >= 4
      ) as keys
    )`);
  await db.execute(
    sql.raw(`
    insert into customer_contacts (customer_id, kind, value)
    select id, 'phone', '+234803' || lpad(((extract(epoch from created_at)::bigint) % 10000000)::text, 7, '0') || ''
    from customers on conflict do nothing`),
  );
  await db.execute(sql`
    insert into customer_contacts (customer_id, kind, value)
    select id, 'email', 'customer' || row_number() over (order by id) || '@example.com' from customers`);
  // References as the shop writes them (domain/orders/order-reference.ts): its prefix and
  // five characters of its alphabet, here each order's number spelt in that alphabet.
  await db.execute(
    sql.raw(`
    insert into orders (reference, tracking_token, kind, status, customer_id, customer_name, customer_phone, customer_area,
                        deposit_percent, fingerprint, created_at)
    select 'FN-' || (select string_agg(substr('${REFERENCE_ALPHABET}', (((c.n * ${ORDERS_EACH} + k) >> (5 * (4 - d))) & 31)::int + 1, 1), '' order by d)
                        from generate_series(0, 4) as d),
           md5(c.id::text || k) || md5(k || c.id::text),
           'item',
           (array['new','quoted','deposit_paid','in_production','ready','delivered','closed'])[1 + (c.n + k) % 7],
           c.id, c.name, cc.value, (array['Lekki','Ikoyi','Wuse','Yaba'])[1 + c.n % 4],
           50, md5('bench' || c.id::text || k), c.created_at + (k || ' days')::interval
    from (select id, name, created_at, row_number() over (order by id) as n from customers) as c
    join customer_contacts cc on cc.customer_id = c.id and cc.kind = 'phone',
         generate_series(1, ${ORDERS_EACH}) as k`),
  );
  await db.execute(sql`
    insert into order_lines (order_id, position, item_type, item_id, name, unit_price_kobo, quantity, url)
    select id, 0, 'Product', gen_random_uuid(), 'Bench Sofa', 25000000 + (hashtext(id::text) & 1023) * 10000, 1, 'https://example.com/p'
    from orders`);
  await db.execute(sql`
    insert into order_quotes (order_id, version, lines, deposit_percent, total_kobo, deposit_due_kobo, valid_until, sent_at,
                              approved_at, approved_by_name)
    select id, 1, '[]'::jsonb, 50, 30000000, 15000000, current_date + 14, created_at + interval '1 hour',
           case when status <> 'quoted' then created_at + interval '1 day' end,
           case when status <> 'quoted' then customer_name end
    from orders where status <> 'new'`);
  await db.execute(sql`
    insert into order_payments (order_id, amount_kobo, method, paid_on, created_at)
    select id, case when status in ('delivered', 'closed') then 30000000 else 15000000 end, 'transfer', current_date,
           created_at + interval '2 days'
    from orders where status not in ('new', 'quoted')`);
  // The timeline as the desk writes it: each order placed, then made ready and delivered
  // (a day or two on, never later than now) for those that got that far.
  await db.execute(sql`
    insert into order_events (order_id, at, status, by)
    select id, created_at, 'new', null from orders
    union all
    select id, least(created_at + interval '2 days', now() - interval '3 hours'), 'ready', 'Bench Owner'
    from orders where status in ('ready', 'delivered', 'closed')
    union all
    select id, least(created_at + interval '3 days', now() - interval '2 hours'), 'delivered', 'Bench Owner'
    from orders where status in ('delivered', 'closed')`);
  // As a shop's database is once autovacuum has passed: bulk-loaded tables are not yet.
  await db.execute(sql`vacuum analyze`);
}
