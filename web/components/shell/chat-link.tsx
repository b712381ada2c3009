import type { ReactNode } from "react";
import { useLocation, useMatches } from "react-router";
import type { ShellSite, Viewer } from "../../../domain/load-context";
import { enquiryMessage, whatsappLink } from "../../../domain/whatsapp";

/**
 * What a route's `handle` export can tell the shell. `hideChatButton`: the page offers
 * WhatsApp itself (the cart's order button, a product's order bar), so the shell's chat
 * link would only be a second, vaguer way to the same place.
 */
export interface ShellHandle {
  hideChatButton?: boolean;
}

const ADMIN_PATH = /^\/admin(\/|$)/i;

/**
 * Whether the shell offers its chat link on this page: not to an admin (they have nobody
 * to chat with), not anywhere in the admin panel, and not on a page whose route says it
 * offers WhatsApp itself.
 */
export function useChatShown(viewer: Viewer | null): boolean {
  const matches = useMatches();
  const { pathname } = useLocation();
  if (viewer?.isAdmin || ADMIN_PATH.test(pathname)) return false;
  return !matches.some((match) => (match.handle as ShellHandle | undefined)?.hideChatButton);
}

/**
 * The general chat on WhatsApp. It lives in the shell's fixed bars — the phone's bottom
 * bar, the header on large screens — never floating over the page, so it can cover no
 * card's buttons, no line's total, and sits under every dialog and sheet as the bars do.
 */
export function ChatLink({ site, className, children }: { site: ShellSite; className: string; children: ReactNode }) {
  return (
    <a
      href={whatsappLink(site.whatsappNumber, enquiryMessage(site.shopName))}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us on WhatsApp"
      className={className}
    >
      {children}
    </a>
  );
}
