/**
 * /admin/today: the owner's day (docs/product.md, Today), for Owner and Sales
 * ("today.work"). The loader reads the queues through `context.today`; the action marks
 * an entry done or snoozes it, and comes back here saying so (a post without scripts is
 * answered with a redirect, so both work before the page's scripts run).
 */
import { AdminSidebar } from "../../components/admin/admin-sidebar";
import { TODAY_INTENTS, TodayQueues } from "../../components/admin/today-queues";
import { readRefusal, requireStaffPage } from "../../features/admin/admin-page.server";
import { formatMoment } from "../../../domain/dates";
import { redirectWithFlash } from "../../lib/page-actions.server";
import type { Route } from "./+types/today";

export const TODAY_PAGE = "/admin/today";

export const meta: Route.MetaFunction = () => [{ title: "Today" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  requireStaffPage(context, "today.work");
  const [today, unread] = await Promise.all([context.today.read(), context.admin.countUnreadMessages()]);
  return { today, unread, now: Date.now() };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaffPage(context, "today.work");
  const form = await request.formData();
  const entryId = String(form.get("entryId") ?? "");
  try {
    if (form.get("intent") === TODAY_INTENTS.snooze) {
      const mark = await context.today.snooze(entryId, { until: String(form.get("until") ?? "") });
      return redirectWithFlash(TODAY_PAGE, {
        kind: "success",
        message: `Snoozed until ${formatMoment(mark.snoozedUntil!)}.`,
      });
    }
    await context.today.done(entryId);
    return redirectWithFlash(TODAY_PAGE, { kind: "success", message: "Marked done." });
  } catch (error) {
    return redirectWithFlash(TODAY_PAGE, { kind: "error", message: readRefusal(error).message });
  }
}

export default function TodayPage({ loaderData }: Route.ComponentProps) {
  const { today, unread, now } = loaderData;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-5 md:px-8 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:py-10">
      <AdminSidebar active="today" unread={unread} />
      <div className="min-w-0 max-w-3xl">
        <h1 className="font-serif text-3xl md:text-4xl">Today</h1>
        <p className="mt-2 text-stone">
          Who to chase today. An entry leaves by itself once what it waits for is done; mark it done when you have
          chased it, or snooze it until a day.
        </p>
        <div className="mt-6">
          <TodayQueues today={today} now={now} />
        </div>
      </div>
    </div>
  );
}
