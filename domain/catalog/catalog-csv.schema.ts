/** The catalogue transfer API's query strings and answers (docs/catalogue-csv.md). */
import { z } from "zod";
import { IMPORT_PHASES, MAX_CSV_BYTES } from "./catalog-csv";

export const ImportQuerySchema = z.object({
  dryRun: z
    .enum(["true", "false"], { error: "dryRun must be true or false." })
    .default("false")
    .transform((value) => value === "true"),
});

export const RowErrorSchema = z.object({
  row: z.number().int().meta({ description: "The row as a spreadsheet numbers it: the header is row 1." }),
  field: z.string().meta({ description: 'The column ("price", "pictures"…), or "file" for the file as a whole.' }),
  message: z.string(),
});

export const ImportReportSchema = z.object({
  created: z.number().int(),
  updated: z.number().int().meta({ description: "Items whose stored values the file changes." }),
  unchanged: z
    .number()
    .int()
    .meta({ description: "Items the file names with the values they already have; they are not written." }),
  errors: z.array(RowErrorSchema).meta({
    description: "Empty when the import was (or, in a dry run, would be) written; otherwise nothing was written.",
  }),
});

export const ImportBodySchema = z.unknown().meta({
  description:
    "The CSV itself (content type text/csv), or multipart/form-data with the CSV as the file field `csv` and, optionally, a ZIP of the pictures it names as the file field `pictures`.",
});

export const ImportJobStartedSchema = z.object({ id: z.string() });

export const ImportJobSchema = z.object({
  id: z.string(),
  dryRun: z.boolean(),
  phase: z.enum(IMPORT_PHASES),
  done: z.number().int(),
  total: z.number().int(),
  report: ImportReportSchema.nullable(),
});

export const ImportJobParamsSchema = z.object({ id: z.string().max(200) });

export const CatalogueCsvSchema = z.string().meta({ description: "The catalogue: UTF-8 CSV with a byte order mark." });

export const IMPORT_FORM_MESSAGES = {
  csv: "Choose the CSV file to import.",
  csvTooLarge: `The CSV file must be at most ${MAX_CSV_BYTES / 1024 / 1024} MB.`,
  pictures: "The pictures must be one ZIP file.",
} as const;

/**
 * The admin page's import form: the spreadsheet, an optional ZIP of the pictures it
 * names, and which button sent it (Check file: a dry run; Import).
 */
export const CatalogueImportFormSchema = z.object({
  intent: z.enum(["check", "import"]).default("check"),
  csv: z
    .instanceof(File, { error: IMPORT_FORM_MESSAGES.csv })
    .refine((file) => file.size > 0, { error: IMPORT_FORM_MESSAGES.csv })
    .refine((file) => file.size <= MAX_CSV_BYTES, { error: IMPORT_FORM_MESSAGES.csvTooLarge }),
  pictures: z.instanceof(File, { error: IMPORT_FORM_MESSAGES.pictures }).optional(),
});
