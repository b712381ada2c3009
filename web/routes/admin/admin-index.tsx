/** /admin itself has no screen: the layout's guard has already let only an admin through. */
import { redirect } from "react-router";

export function loader() {
  throw redirect("/admin/dashboard");
}
