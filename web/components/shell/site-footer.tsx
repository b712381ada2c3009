import { Link } from "react-router";
import type { ShellSite } from "../../../domain/load-context";
import { enquiryMessage, whatsappLink } from "../../../domain/whatsapp";
import { WhatsAppIcon } from "../ui/brand-icons";
import { DataSaverSwitch } from "./data-saver-switch";
import { SocialLinks } from "./social-links";

const links = [
  { to: "/aboutUs", label: "About us" },
  { to: "/contact", label: "Contact us" },
  { to: "/terms", label: "Terms & Conditions" },
  { to: "/privacy", label: "Privacy policy" },
  { to: "/e-catalog", label: "E-catalog" },
];

export function SiteFooter({ site }: { site: ShellSite }) {
  return (
    <footer className="mt-16 border-t border-line bg-sand pb-16 lg:pb-0">
      <div className="mx-auto grid max-w-7xl gap-10 px-5 py-14 md:grid-cols-3 md:px-8">
        <div>
          <p className="font-serif text-2xl">{site.shopName}</p>
          <p className="mt-3 max-w-xs text-sm leading-relaxed text-stone">{site.description}</p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid gap-2 text-sm">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-stone hover:text-ink">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="text-sm">
          <p className="text-stone">Open {site.hours}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <a
              href={whatsappLink(site.whatsappNumber, enquiryMessage(site.shopName))}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-full border border-ink/20 px-4 py-2 hover:bg-white"
            >
              <WhatsAppIcon className="size-4" />
              Chat on WhatsApp
            </a>
            <SocialLinks site={site} labelled={false} />
          </div>
          <DataSaverSwitch className="mt-6" />
        </div>
      </div>
      <p className="border-t border-line px-5 py-5 text-center text-xs text-stone">
        © {new Date().getFullYear()} {site.shopName}. All rights reserved.
      </p>
    </footer>
  );
}
