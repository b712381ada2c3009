/**
 * Today's door (server/door.ts): the queues and their marks are for those who may read
 * customers' details (`today.work`: Owner and Sales), since every entry names a customer
 * and opens a chat with their number. Accounts and Workshop see the dashboard without it.
 * A mark is journaled with the order it is about (a cart's or a message's under Customers).
 */
import type { FastifyRequest } from "fastify";
import type { TodayActions } from "../../../domain/today/today.actions";
import { EntryIdSchema, QUEUE_LABELS, SnoozeBodySchema } from "../../../domain/today/today.schema";
import { formatMoment } from "../../../domain/dates";
import { journaled, staffMember, type JournalNote, type WriteParts } from "../../door";
import type { NotifiedCache } from "../../db/notified-cache";
import { readBody } from "../catalog/admin-writes";
import type { ShopDetailsSource, ShopSettingsStore } from "../settings/settings.service";
import { markDone, readToday, snooze, type TodaySettings } from "./today.service";
import type { TodayEntry } from "../../../domain/today/today.schema";

function noteOf(entry: TodayEntry, action: string): JournalNote {
  return entry.orderId
    ? { area: "orders", item: entry.orderId, itemLabel: entry.reference ?? entry.title, action }
    : { area: "customers", item: entry._id, itemLabel: entry.title, action };
}

export function createTodayActions(
  parts: WriteParts & { operations: NotifiedCache; settings: ShopSettingsStore; shop: ShopDetailsSource },
) {
  const todaySettings = async (): Promise<TodaySettings> => {
    const [{ followUps, messageTemplates }, { publicUrl }] = await Promise.all([parts.settings.cached(), parts.shop()]);
    return { followUps, messageTemplates, publicUrl };
  };
  return (request: FastifyRequest): TodayActions => ({
    async read() {
      await staffMember(request, "today.work");
      const settings = await todaySettings();
      // The same for every member who may read it: one answer, kept until something changes.
      return parts.operations.remember(`today ${JSON.stringify(settings)}`, () => readToday(parts.db, settings));
    },
    async done(entryId) {
      const by = await staffMember(request, "today.work");
      const id = readBody(EntryIdSchema, entryId);
      const settings = await todaySettings();
      const { mark } = await journaled(
        parts,
        by,
        (p) => markDone(p.db, settings, id, by.name),
        ({ entry }) => noteOf(entry, `Follow-up done: ${QUEUE_LABELS[entry.kind]}`),
      );
      return mark;
    },
    async snooze(entryId, body) {
      const by = await staffMember(request, "today.work");
      const id = readBody(EntryIdSchema, entryId);
      const { until } = readBody(SnoozeBodySchema, body);
      const settings = await todaySettings();
      const { mark } = await journaled(
        parts,
        by,
        (p) => snooze(p.db, settings, id, until, by.name),
        ({ entry, mark }) =>
          noteOf(entry, `Follow-up snoozed until ${formatMoment(mark.snoozedUntil!)}: ${QUEUE_LABELS[entry.kind]}`),
      );
      return mark;
    },
  });
}
