/**
 * Settings → Backups: when the shop takes its own backups (only when asked, every few
 * hours, or every day at a time of the Lagos day) and how many it keeps. A plain form to
 * the page's action, so it saves without scripts; until scripts run both the hours and
 * the time of day show, and once they run only the one the choice reads.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { BACKUP_EVERY_HOURS, BackupPlanFormSchema, MAX_BACKUPS_KEPT } from "../../../domain/backups/backup-schedule";
import type { BackupList } from "../../../domain/backups/backups.schema";
import { Field, FormErrors, SelectField, SubmitButton } from "../form/fields";
import { useSchemaForm } from "../form/use-schema-form";
import { useHydrated } from "../ui/use-hydrated";
import { useSaving } from "./form-page";

/** The schedule form's intent, for the page's action. */
export const SAVE_SCHEDULE = "save-schedule";

const KINDS = [
  { value: "off", label: "Only when I ask" },
  { value: "every", label: "Every few hours" },
  { value: "daily", label: "Once a day" },
];
const HOURS = BACKUP_EVERY_HOURS.map((hours) => ({
  value: String(hours),
  label: hours === 1 ? "Every hour" : `Every ${hours} hours`,
}));
/** Every whole hour of the day, "02:00" read as "2:00 am". */
const TIMES = Array.from({ length: 24 }, (_, hour) => ({
  value: `${String(hour).padStart(2, "0")}:00`,
  label: `${hour % 12 || 12}:00 ${hour < 12 ? "am" : "pm"}${hour === 0 ? " (midnight)" : hour === 12 ? " (noon)" : ""}`,
}));

/** The form's first values: the plan in force, and the usual choices for the parts it does not use. */
function valuesOf({ schedule, keep }: Pick<BackupList, "schedule" | "keep">) {
  const hours = schedule.kind === "every" ? schedule.minutes / 60 : 24;
  return {
    kind: schedule.kind,
    // An interval the form does not offer (BACKUP_EVERY=30m) shows as the nearest it does.
    everyHours: String(BACKUP_EVERY_HOURS.find((offered) => offered >= hours) ?? 12),
    at: schedule.kind === "daily" && TIMES.some((time) => time.value === schedule.at) ? schedule.at : "02:00",
    keep: String(keep),
  };
}

export function BackupScheduleForm({
  list,
  lastResult,
}: {
  list: Pick<BackupList, "schedule" | "keep">;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useSchemaForm({
    id: "backup-schedule",
    schema: BackupPlanFormSchema,
    lastResult,
    defaultValue: valuesOf(list),
  });
  const saving = useSaving();
  const hydrated = useHydrated();
  const kind = fields.kind.value ?? list.schedule.kind;

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-2xl border border-line p-4 sm:p-5">
      <input type="hidden" name="intent" value={SAVE_SCHEDULE} />
      <h3 className="font-serif text-xl">When the shop backs up</h3>
      <FormErrors form={form} />
      <SelectField meta={fields.kind} label="Take a backup" options={KINDS} />
      <div className="grid gap-4 sm:grid-cols-2">
        {(!hydrated || kind === "every") && (
          <SelectField
            meta={fields.everyHours}
            label="How often"
            options={HOURS}
            hint={hydrated ? undefined : "For “Every few hours”."}
          />
        )}
        {(!hydrated || kind === "daily") && (
          <SelectField
            meta={fields.at}
            label="Time of day (Lagos)"
            options={TIMES}
            hint={hydrated ? "A quiet hour: the shop keeps serving while it copies." : "For “Once a day”."}
          />
        )}
      </div>
      <Field
        meta={fields.keep}
        label="Backups to keep"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_BACKUPS_KEPT}
        hint="The oldest go once there are more. Each holds the whole shop, pictures too."
      />
      <SubmitButton pending={saving} pendingLabel="Saving..." wide={false}>
        Save schedule
      </SubmitButton>
    </Form>
  );
}
