import { Menu } from "lucide-react";
import { lazy } from "react";
import { useDeferredDialog } from "../ui/deferred-dialog";

const loadPanel = () => import("./mobile-menu-panel");
const MobileMenuPanel = lazy(loadPanel);

/** The phone's menu button; the drawer's code loads when it is first wanted. */
export function MobileMenu() {
  const { triggerProps, panel } = useDeferredDialog(MobileMenuPanel, loadPanel);
  return (
    <>
      <button
        {...triggerProps}
        className="inline-flex size-11 items-center justify-center rounded-full hover:bg-sand lg:hidden"
        aria-label="Open menu"
      >
        <Menu className="size-6" aria-hidden="true" />
      </button>
      {panel}
    </>
  );
}
