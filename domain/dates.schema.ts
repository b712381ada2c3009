/**
 * A calendar day as forms and the API take it: typed as a Nigerian writes it ("12 Jan 2027",
 * "12/01/2027", the day always first) or as "2027-01-12", read by the one parser
 * (domain/dates.ts), and passed on as "2027-01-12".
 */
import { z } from "zod";
import { DATE_MESSAGE, parseDay } from "./dates";

export const DateSchema = z
  .string({ error: DATE_MESSAGE })
  .trim()
  .refine((typed) => parseDay(typed) !== null, { error: DATE_MESSAGE })
  .transform((typed) => parseDay(typed)!);
