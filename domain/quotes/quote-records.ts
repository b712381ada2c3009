/**
 * What a sent quote keeps (docs/product.md, Quotes): each version is frozen when the
 * owner sends it, so these shapes are what the customer approved, whatever changes later
 * in the catalogue or on the order. Amounts are kobo.
 */

/** One priced line of a quote: an order line as quoted, or a line the owner added. */
export interface QuoteLineRecord {
  /** The order line it prices; null for a line the owner added (a cushion, a repair). */
  lineId: string | null;
  name: string;
  /** The finish chosen (fabric, wood, colour), as the customer will read it. */
  finish: string | null;
  /** The piece's size as made, e.g. "220 × 95 × 80 cm". */
  dimensions: string | null;
  quantity: number;
  unitPriceKobo: number;
  /** An imported piece: the deposit is the whole amount unless the owner says otherwise. */
  imported: boolean;
  /** The catalogue picture shown beside the line, when the line is a catalogue item. */
  pictureId: string | null;
}

export interface QuoteFeeRecord {
  label: string;
  amountKobo: number;
}
