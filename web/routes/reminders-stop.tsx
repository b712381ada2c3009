/**
 * /reminders/stop/:token: the link at the foot of every e-mail reminder (docs/product.md,
 * E-mail reminders). Opening it changes nothing (mail scanners open links); the button
 * posts, and so does a mail program's one-click unsubscribe (List-Unsubscribe-Post), both
 * without signing in. The token is the order's own, unguessable, apart from its tracking link.
 */
import { Form } from "react-router";
import { PageHero } from "../components/ui/page-hero";
import { actionAnswer } from "../lib/page-actions.server";
import type { Route } from "./+types/reminders-stop";

export const meta: Route.MetaFunction = () => [
  { title: "Stop e-mail reminders" },
  { name: "robots", content: "noindex" },
];

export async function action({ params, context }: Route.ActionArgs) {
  const stopped = await context.orders.stopReminders(params.token);
  if (!stopped) return actionAnswer({ stopped: null, unknown: true }, 404);
  return actionAnswer({ stopped, unknown: false });
}

export default function StopReminders({ actionData }: Route.ComponentProps) {
  const stopped = actionData?.stopped ?? null;
  return (
    <>
      <PageHero
        eyebrow="E-mail reminders"
        title={stopped ? "Reminders stopped" : actionData?.unknown ? "Link not found" : "Stop e-mail reminders?"}
      >
        {stopped
          ? `We will not e-mail you reminders any more (order ${stopped.reference} and your others). Thank you.`
          : actionData?.unknown
            ? "This link is not one of ours. Reply to the reminder and we will stop them for you."
            : "We will stop e-mailing you reminders of quotes and payments waiting, for this order and your others."}
      </PageHero>
      {!actionData && (
        <div className="mx-auto max-w-7xl px-5 pb-16 md:px-8">
          <Form method="post">
            <button type="submit" className="h-12 rounded-full bg-ink px-6 text-white">
              Stop reminders
            </button>
          </Form>
        </div>
      )}
    </>
  );
}
