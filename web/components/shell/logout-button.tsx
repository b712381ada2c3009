import { LogOut } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";

/** Where every Logout posts: the route clears the session and goes home with the message. */
export const LOGOUT_PATH = "/logout";

/**
 * Logout as a real form, so it works before (or without) the page's scripts; with them,
 * the root's viewer reloads and the live connection follows the signed-out visitor.
 */
export function LogoutButton({
  className,
  title,
  children,
}: {
  className: string;
  title?: string;
  /** What the button shows; by default the icon and a label only screen readers read. */
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formAction === LOGOUT_PATH;
  return (
    <Form method="post" action={LOGOUT_PATH} className="contents">
      <button
        type="submit"
        title={title}
        aria-disabled={pending || undefined}
        onClick={(event) => pending && event.preventDefault()}
        className={className}
      >
        {children ?? (
          <>
            <LogOut className="size-5" aria-hidden="true" />
            <span className="sr-only">Logout</span>
          </>
        )}
      </button>
    </Form>
  );
}
