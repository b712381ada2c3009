import type { ReactNode } from "react";
import type { SiteConfig } from "../../../domain/load-context";
import { enquiryMessage, whatsappLink } from "../../../domain/whatsapp";
import { WhatsAppIcon } from "../ui/brand-icons";

/**
 * The floating chat button on every page, clear of the phone's bottom bar. The cookie
 * banner, while it shows, comes in below it in the same corner stack, so the button
 * rides on top of the banner at whatever height it wraps to, with nothing measured.
 * An admin gets no button (they have nobody to chat with, and it would cover the admin
 * pages' own controls), only the banner.
 */
export function WhatsAppButton({ site, banner, chat }: { site: SiteConfig; banner?: ReactNode; chat: boolean }) {
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-16 z-[45] flex flex-col items-end lg:bottom-0">
      {chat && (
        <a
          href={whatsappLink(site.whatsappNumber, enquiryMessage(site.shopName))}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Chat with us on WhatsApp"
          className="pointer-events-auto mr-3 mb-5 inline-flex size-12 items-center justify-center rounded-full bg-[#1f7a4d] text-white shadow-lg transition hover:scale-105 lg:mr-4 lg:mb-4"
        >
          <WhatsAppIcon className="size-6" />
        </a>
      )}
      {banner}
    </div>
  );
}
