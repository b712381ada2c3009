/**
 * An import started from /admin/catalogue/transfer, as it goes and once it is done: the
 * step it is at with a progress bar, then either every refusal (row, column, message),
 * or what was (or, after Check file, would be) created and updated, and how many rows
 * left their item as it was.
 */
import { CircleAlert, CircleCheck, LoaderCircle } from "lucide-react";
import { Link } from "react-router";
import type { ImportJob, ImportPhase } from "../../../domain/catalog/catalog-csv";
import { formatNumber } from "../../../domain/numbers";

const STEPS: Record<ImportPhase, string> = {
  reading: "Reading the file",
  checking: "Checking the rows",
  pictures: "Fetching the pictures",
  writing: "Saving",
  done: "Done",
};

const count = (n: number) => formatNumber(n);
const items = (n: number) => `${count(n)} ${n === 1 ? "item" : "items"}`;

export function CatalogueTransferReport({ job }: { job: ImportJob }) {
  const { report } = job;
  if (!report) {
    const unit = job.phase === "pictures" ? "pictures" : "rows";
    return (
      <section aria-labelledby="import-progress" className="rounded-3xl border border-line bg-white p-5 sm:p-6">
        <h2 id="import-progress" className="flex items-center gap-2 font-serif text-2xl">
          <LoaderCircle className="size-5 animate-spin text-clay motion-reduce:animate-none" aria-hidden="true" />
          {job.dryRun ? "Checking the file…" : "Importing…"}
        </h2>
        <p className="mt-2 text-sm text-stone" role="status" data-testid="import-step">
          {STEPS[job.phase]}
          {job.total > 0 && ` — ${count(job.done)} of ${count(job.total)} ${unit}`}
        </p>
        <progress
          className="mt-3 h-2 w-full overflow-hidden rounded-full accent-clay"
          value={job.total > 0 ? job.done : undefined}
          max={job.total > 0 ? job.total : undefined}
          aria-label={STEPS[job.phase]}
        />
        <Link
          to={`?job=${job.id}`}
          className="mt-2 inline-block text-sm underline underline-offset-2 [html[data-hydrated]_&]:hidden"
        >
          Refresh
        </Link>
      </section>
    );
  }

  if (report.errors.length > 0) {
    const problems = report.errors.length;
    return (
      <section
        aria-labelledby="import-report"
        className="rounded-3xl border border-promo/30 bg-white"
        data-testid="import-report"
      >
        <header className="flex items-start gap-3 border-b border-line px-5 py-4 sm:px-6">
          <CircleAlert className="mt-1 size-5 shrink-0 text-promo" aria-hidden="true" />
          <div>
            <h2 id="import-report" className="font-serif text-2xl">
              {count(problems)} {problems === 1 ? "problem" : "problems"} to fix
            </h2>
            <p className="mt-1 text-sm text-stone">
              Nothing was {job.dryRun ? "changed" : "imported"}. Fix these rows in the spreadsheet, then check it again.
            </p>
          </div>
        </header>
        <ul className="divide-y divide-line">
          {report.errors.map((error, index) => (
            <li
              key={index}
              className="grid grid-cols-[4.5rem_1fr] gap-x-3 px-5 py-3 text-sm sm:grid-cols-[5rem_9rem_1fr] sm:px-6"
            >
              <span className="font-medium">Row {count(error.row)}</span>
              <span className="text-stone sm:order-none">{error.field}</span>
              <span className="col-span-2 mt-0.5 sm:col-span-1 sm:mt-0">{error.message}</span>
            </li>
          ))}
        </ul>
      </section>
    );
  }

  return (
    <section
      aria-labelledby="import-report"
      className="rounded-3xl border border-line bg-white p-5 sm:p-6"
      data-testid="import-report"
    >
      <h2 id="import-report" className="flex items-center gap-2 font-serif text-2xl">
        <CircleCheck className="size-5 text-clay" aria-hidden="true" />
        {job.dryRun ? "The file is ready to import" : "Imported"}
      </h2>
      <p className="mt-2 text-sm" role="status">
        {job.dryRun
          ? `${items(report.created)} to create, ${items(report.updated)} to update, ${count(report.unchanged)} unchanged. Choose Import, with the same file, to save them.`
          : `${items(report.created)} created, ${items(report.updated)} updated, ${count(report.unchanged)} unchanged.`}
      </p>
      {!job.dryRun && (
        <Link
          to="/admin/dashboard?section=products"
          className="mt-4 inline-flex items-center gap-2 rounded-full border border-ink px-4 py-2.5 text-sm hover:bg-ink hover:text-white"
        >
          See the products
        </Link>
      )}
    </section>
  );
}
