/**
 * The floor bench:api measures the product list against: the least a Node server can do to
 * answer `GET /api/products?minPrice=…` with the same page. Fastify and node-postgres
 * alone, one hand-written statement prepared once per connection (the page, its images,
 * options and rating, and the total), the rows turned into the API's products by the shop's
 * own mapping, and the answer sent as JSON. No validation, no cache, no query builder: what
 * the shop does beyond this is its own cost. bench/api/run.ts checks that both answer the
 * same page before timing them.
 */
import Fastify from "fastify";
import pg from "pg";
import { nairaToKobo } from "../../domain/money";
import { productFromRow } from "../../server/modules/catalog/products.service";

const media = `json_build_object('id', m.id, 'width', m.width, 'height', m.height, 'widths', m.widths, 'avifReady', m.avif_ready, 'colour', m.colour)`;

const FIRST_PAGE = `
select p.id, p.name, p.description, p.items, p.price_kobo::float8 as "priceKobo",
  p.discounted_price_kobo::float8 as "discountedPriceKobo", p.is_promo as "isPromo",
  p.is_best_seller as "isBestSeller", p.is_foreign as "isForeign", p.origin, p.sold,
  p.category, p.style, p.make, p.model, p.collection_id as "collectionId",
  c.name as "collectionName", p.status,
  coalesce((select json_agg(${media} order by i.position) from product_images i
    join media m on m.id = i.media_id where i.product_id = p.id), '[]'::json) as images,
  coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name,
      'image', case when m.id is null then null else ${media} end,
      'images', coalesce((select json_agg(${media} order by oi.position) from product_option_images oi
        join media m on m.id = oi.media_id where oi.option_id = o.id), '[]'::json),
      'priceDifferenceKobo', o.price_difference_kobo) order by o.position)
    from product_options o left join media m on m.id = o.media_id where o.product_id = p.id), '[]'::json) as options,
  (select case when count(*) = 0 then null else json_build_object('average', round(avg(r.rating), 2)::float8, 'count', count(*)) end
    from reviews r where r.item_type = 'Product' and r.item_id = p.id and r.status = 'published') as rating,
  p.materials, p.availability_kind as "availabilityKind", p.weeks_from as "weeksFrom",
  p.weeks_to as "weeksTo", p.width_cm as "widthCm", p.depth_cm as "depthCm",
  p.height_cm as "heightCm", p.seat_height_cm as "seatHeightCm",
  p.created_at as "createdAt", p.updated_at as "updatedAt",
  (select count(*) from products where status = 'published' and effective_price_kobo >= $1)::int as total
from products p
left join collections c on c.id = p.collection_id and c.status = 'published'
where p.status = 'published' and p.effective_price_kobo >= $1
order by p.created_at desc, p.id desc
limit $2 offset $3`;

const [databaseUrl] = process.argv.slice(2) as [string];
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const app = Fastify();

app.get<{ Querystring: { minPrice?: string; page?: string; limit?: string } }>(
  "/api/products",
  async (request, reply) => {
    const limit = Number(request.query.limit ?? 12);
    const offset = (Number(request.query.page ?? 1) - 1) * limit;
    const minPriceKobo = nairaToKobo(Number(request.query.minPrice ?? 0));
    const { rows } = await pool.query({ name: "first_page", text: FIRST_PAGE, values: [minPriceKobo, limit, offset] });
    const total: number = rows[0]?.total ?? 0;
    const body = JSON.stringify({ products: rows.map(productFromRow), hasMore: offset + rows.length < total, total });
    return reply.type("application/json; charset=utf-8").send(body);
  },
);

await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
