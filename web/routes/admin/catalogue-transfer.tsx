/**
 * /admin/catalogue/transfer: the catalogue as a spreadsheet (docs/catalogue-csv.md).
 * Export is a link to the admin API's CSV. The import form posts the CSV (and a ZIP of
 * pictures) to this route's action, which starts the import as a job and answers with a
 * 303 to `?job=<id>`; the loader reads the job. With scripts the action answers at once
 * and the page reads the job again every second while it runs, showing its progress; the
 * chosen files stay in the form after Check file, so Import sends them again with one
 * tap. A browser without scripts cannot poll: its post is answered once the job is done,
 * with the report (and a page opened on a running job offers a Refresh link).
 */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Download } from "lucide-react";
import { useEffect } from "react";
import { Form, redirect, useNavigation, useRevalidator } from "react-router";
import { MAX_ZIP_BYTES } from "../../../domain/catalog/catalog-csv";
import { CatalogueImportFormSchema } from "../../../domain/catalog/catalog-csv.schema";
import { AdminSidebar } from "../../components/admin/admin-sidebar";
import { CatalogueTransferReport } from "../../components/admin/catalogue-transfer-report";
import { Field, FormErrors, SubmitButton } from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import { readRefusal, requireStaffPage } from "../../features/admin/admin-page.server";
import type { ActionAnswer } from "../../lib/action-answer";
import { actionAnswer, isDocumentRequest } from "../../lib/page-actions.server";
import type { Route } from "./+types/catalogue-transfer";

export const TRANSFER_PAGE = "/admin/catalogue/transfer";
export const EXPORT_URL = "/api/admin/operations/products/export.csv";
/** How often a running import is read again. */
const POLL_MS = 1000;

const FILES = ["csv", "pictures"];

export const meta: Route.MetaFunction = () => [
  { title: "Import and export the catalogue" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPage(context, "catalogue.write");
  const jobId = new URL(request.url).searchParams.get("job");
  const [unread, job] = await Promise.all([
    context.admin.countUnreadMessages(),
    jobId ? context.catalogTransfer.importJob(jobId) : null,
  ]);
  return { unread, job, jobGone: Boolean(jobId) && !job };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaffPage(context, "catalogue.write");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: CatalogueImportFormSchema });
  if (submission.status !== "success") {
    return actionAnswer({ result: submission.reply({ hideFields: FILES }) }, 400);
  }
  const { intent, csv, pictures } = submission.value;
  let id: string;
  try {
    id = await context.catalogTransfer.startImport({
      csv: new Uint8Array(await csv.arrayBuffer()),
      zip: pictures && pictures.size > 0 ? new Uint8Array(await pictures.arrayBuffer()) : null,
      dryRun: intent === "check",
      untilDone: isDocumentRequest(request),
    });
  } catch (error) {
    const refusal = readRefusal(error);
    return actionAnswer(
      { result: submission.reply({ formErrors: [refusal.message], hideFields: FILES }) },
      refusal.status,
    );
  }
  return redirect(`${TRANSFER_PAGE}?job=${id}`, 303);
}

/** Reads the running import again every second until it is done. */
function usePollWhileRunning(running: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!running || state !== "idle") return;
    const timer = setTimeout(() => void revalidate(), POLL_MS);
    return () => clearTimeout(timer);
  }, [running, state, revalidate]);
}

export default function CatalogueTransfer({ loaderData, actionData }: Route.ComponentProps) {
  const { unread, job, jobGone } = loaderData;
  const running = Boolean(job && !job.report);
  usePollWhileRunning(running);
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction?.startsWith(TRANSFER_PAGE) === true;
  const sentIntent = navigation.formData?.get("intent");
  const lastResult = (actionData as ActionAnswer | undefined)?.result;
  const [form, fields] = useSchemaForm({ id: "catalogue-import", schema: CatalogueImportFormSchema, lastResult });

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-5 md:px-8 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:py-10">
      <AdminSidebar active="transfer" unread={unread} />
      <div className="min-w-0 max-w-3xl space-y-6">
        <div>
          <h1 className="font-serif text-3xl md:text-4xl">Import and export</h1>
          <p className="mt-2 text-stone">
            Move your catalogue in from a spreadsheet, or change prices and details in bulk: export, edit in Excel or
            Google Sheets, and import the file back.
          </p>
        </div>

        <section aria-labelledby="export-heading" className="rounded-3xl border border-line bg-white p-5 sm:p-6">
          <h2 id="export-heading" className="font-serif text-2xl">
            Export
          </h2>
          <p className="mt-1 text-sm text-stone">
            Every product and collection, one per row, with their pictures as web addresses. Drafts included.
          </p>
          <a
            href={EXPORT_URL}
            download
            className="mt-4 inline-flex items-center gap-2 rounded-full bg-ink px-5 py-3 text-sm text-white hover:bg-ink/90"
          >
            <Download className="size-4" aria-hidden="true" /> Export products (CSV)
          </a>
        </section>

        <section aria-labelledby="import-heading" className="rounded-3xl border border-line bg-white p-5 sm:p-6">
          <h2 id="import-heading" className="font-serif text-2xl">
            Import
          </h2>
          <p className="mt-1 text-sm text-stone">
            Rows with an id or handle update that item; the others are added. Every row is checked first: if any is
            wrong, nothing changes and you see each problem with its row.
          </p>
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-5 space-y-4">
            <FormErrors form={form} />
            <Field meta={fields.csv} label="Spreadsheet (CSV)" type="file" accept=".csv,text/csv" markRequired />
            <Field
              meta={fields.pictures}
              label="Pictures (ZIP, optional)"
              type="file"
              accept=".zip,application/zip"
              hint={`Only for pictures named by file name in the spreadsheet. Up to ${MAX_ZIP_BYTES / 1024 / 1024} MB by the command line; about 80 MB here.`}
            />
            {jobGone && <p className="text-sm text-promo">That import is no longer here; choose the file again.</p>}
            <div className="flex flex-col gap-3 sm:flex-row">
              <SubmitButton
                pending={sending || running}
                busy={sending && sentIntent === "check"}
                pendingLabel="Sending…"
                name="intent"
                value="check"
                wide={false}
                colors="border border-ink text-ink hover:bg-ink hover:text-white"
              >
                Check file
              </SubmitButton>
              <SubmitButton
                pending={sending || running}
                busy={sending && sentIntent === "import"}
                pendingLabel="Sending…"
                name="intent"
                value="import"
                wide={false}
              >
                Import
              </SubmitButton>
            </div>
          </Form>
        </section>

        {job && <CatalogueTransferReport job={job} />}
      </div>
    </div>
  );
}
