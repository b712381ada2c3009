import type { SiteConfig } from "../../../domain/load-context";
import { enquiryMessage, whatsappLink } from "../../../domain/whatsapp";
import { WhatsAppIcon } from "../ui/brand-icons";
import { useCookieBannerHeight } from "./cookie-banner";

/**
 * The floating chat button on every page, clear of the phone's bottom bar and, while it
 * shows, of the cookie banner.
 */
export function WhatsAppButton({ site }: { site: SiteConfig }) {
  const bannerHeight = useCookieBannerHeight((state) => state.height);
  return (
    <a
      style={{ "--cookie-banner-height": `${bannerHeight}px` } as React.CSSProperties}
      href={whatsappLink(site.whatsappNumber, enquiryMessage(site.shopName))}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us on WhatsApp"
      className="fixed right-3 bottom-[calc(5.25rem+var(--cookie-banner-height,0px))] z-30 inline-flex size-12 items-center justify-center rounded-full bg-[#1f7a4d] text-white shadow-lg transition hover:scale-105 lg:right-4 lg:bottom-[calc(1rem+var(--cookie-banner-height,0px))]"
    >
      <WhatsAppIcon className="size-6" />
    </a>
  );
}
