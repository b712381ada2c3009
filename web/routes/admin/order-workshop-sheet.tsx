/**
 * /admin/orders/:orderId/workshop-sheet: what the workshop makes of an order, one A4 page
 * to print (docs/product.md, Quotes): the latest approved version's pieces (else the latest
 * sent, marked so; a newer version still waiting for approval is named, not printed), each
 * with its finish and size, the spec note and pictures, the day
 * it is due and the customer's area. Not a single price. Owner, Sales and Workshop.
 */
import { data } from "react-router";
import { formatDay } from "../../../domain/dates";
import { RichText } from "../../components/detail/rich-text";
import { requireStaffPage } from "../../features/admin/admin-page.server";
import type { Route } from "./+types/order-workshop-sheet";
import { PrintBar } from "../../components/ui/print-bar";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded ? `Workshop sheet ${loaded.sheet.reference}` : "Workshop sheet" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  requireStaffPage(context, "orders.sheet");
  const sheet = await context.orderDesk.workshopSheet(params.orderId);
  if (!sheet) throw data("Order not found.", { status: 404 });
  return { sheet };
}

export default function WorkshopSheet({ loaderData }: Route.ComponentProps) {
  const { sheet } = loaderData;
  return (
    <div data-print-alone className="mx-auto max-w-[210mm] px-4 py-6 sm:px-8 print:max-w-none print:p-0">
      <PrintBar back={{ to: `/admin/orders/${sheet._id}`, label: `Back to order ${sheet.reference}` }} />

      <article
        aria-label={`Workshop sheet ${sheet.reference}`}
        className="rounded-3xl border border-line bg-white p-5 text-sm sm:p-10 print:rounded-none print:border-0 print:p-0"
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-line pb-5">
          <div>
            <h1 className="font-serif text-3xl">Workshop sheet</h1>
            <p className="mt-1 tracking-wide tabular-nums text-base font-semibold">{sheet.reference}</p>
          </div>
          <dl className="space-y-0.5 text-left sm:text-right">
            <div>
              <dt className="inline text-stone">Due </dt>
              <dd className="inline font-medium">{sheet.dueDate ? formatDay(sheet.dueDate) : "not set"}</dd>
            </div>
            <div>
              <dt className="inline text-stone">Area </dt>
              <dd className="inline">{sheet.customerArea ?? "not given"}</dd>
            </div>
            {sheet.customerName && (
              <div>
                <dt className="inline text-stone">Customer </dt>
                <dd className="inline">{sheet.customerName}</dd>
              </div>
            )}
            <div>
              <dt className="inline text-stone">Quote </dt>
              <dd className="inline">
                {sheet.version === null
                  ? "none yet: as ordered"
                  : `version ${sheet.version}${sheet.approved ? `, approved by ${sheet.approvedBy}` : ", not yet approved"}`}
              </dd>
            </div>
          </dl>
        </header>
        {sheet.waitingVersion !== null && (
          <p
            role="note"
            className="mt-4 rounded-2xl bg-sand px-4 py-3 print:rounded-none print:border print:border-line"
          >
            Version {sheet.waitingVersion} waits for the customer’s approval: make version {sheet.version}, as approved,
            until it is.
          </p>
        )}

        <table className="mt-4 w-full border-collapse">
          <thead>
            <tr className="border-b border-line text-left text-xs tracking-wide text-stone uppercase">
              <th scope="col" className="py-2 font-normal">
                Piece
              </th>
              <th scope="col" className="py-2 text-right font-normal">
                Qty
              </th>
            </tr>
          </thead>
          <tbody>
            {sheet.lines.map((line, index) => (
              <tr key={index} className="border-b border-line break-inside-avoid">
                <td className="py-3 pr-3 align-top">
                  <div className="flex gap-3">
                    {line.picture && (
                      <img src={line.picture} alt="" className="size-16 shrink-0 rounded-lg object-cover" />
                    )}
                    <div className="min-w-0">
                      <p className="text-base font-medium">{line.name}</p>
                      {line.finish && (
                        <p>
                          <span className="text-stone">Finish:</span> {line.finish}
                        </p>
                      )}
                      {line.dimensions && (
                        <p>
                          <span className="text-stone">Size:</span> {line.dimensions}
                        </p>
                      )}
                    </div>
                  </div>
                </td>
                <td className="py-3 text-right align-top text-base tabular-nums">{line.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>

        {sheet.note && (
          <section aria-labelledby="sheet-note" className="mt-6 break-inside-avoid">
            <h2 id="sheet-note" className="text-xs tracking-wide text-stone uppercase">
              Specification
            </h2>
            <RichText html={sheet.note} className="[&_p:first-child]:mt-1" />
          </section>
        )}

        {sheet.pictures.length > 0 && (
          <section aria-labelledby="sheet-pictures" className="mt-6">
            <h2 id="sheet-pictures" className="text-xs tracking-wide text-stone uppercase">
              Pictures
            </h2>
            <ul className="mt-2 grid grid-cols-2 gap-3">
              {sheet.pictures.map((picture, index) => (
                <li key={picture} className="break-inside-avoid">
                  <img
                    src={picture}
                    alt={`Picture ${index + 1}`}
                    className="aspect-[4/3] w-full rounded-lg object-cover"
                  />
                </li>
              ))}
            </ul>
          </section>
        )}
      </article>
    </div>
  );
}
