/**
 * The home page of a shop with nothing in it yet (docs/product.md, Shop settings): a
 * welcome that says the shop is opening soon and how to reach it now, in place of a dark
 * hero and empty grids. The owner is pointed to adding the first pieces.
 */
import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { displayPhone } from "../../../domain/accounts/phone";
import { enquiryMessage, whatsappLink } from "../../../domain/whatsapp";
import { useShell } from "../../lib/use-shell";
import { WhatsAppIcon } from "../ui/brand-icons";

export function OpeningSoon() {
  const { site, viewer } = useShell();
  return (
    <section aria-labelledby="opening-soon" className="bg-sand">
      <div className="mx-auto grid max-w-7xl gap-10 px-5 py-16 md:px-8 md:py-24 lg:grid-cols-12">
        <div className="lg:col-span-7">
          <p className="text-xs tracking-[0.24em] text-stone uppercase">{site.shopName}</p>
          <h1 id="opening-soon" className="mt-4 font-serif text-5xl leading-[1.05] md:text-7xl">
            Opening soon
          </h1>
          <p className="mt-6 max-w-xl text-lg text-stone">
            {site.description} Our first pieces are on their way to this page: tell us what you are looking for, and we
            will show you what we can make.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a
              href={whatsappLink(site.whatsappNumber, enquiryMessage(site.shopName))}
              className="inline-flex h-12 items-center gap-2 rounded-full bg-[#1f7a4d] px-6 text-sm text-white hover:bg-[#18663f]"
            >
              <WhatsAppIcon className="size-5" />
              Chat on WhatsApp
            </a>
            <Link
              to="/contact"
              className="inline-flex h-12 items-center rounded-full border border-ink px-6 text-sm hover:bg-ink hover:text-white"
            >
              Contact Us
            </Link>
            {viewer?.isAdmin && (
              <Link
                to="/admin/products/new"
                className="inline-flex h-12 items-center rounded-full bg-ink px-6 text-sm text-white hover:bg-ink/90"
              >
                Add your first product
              </Link>
            )}
          </div>
        </div>
        <dl className="space-y-4 self-end text-sm lg:col-span-5">
          <div>
            <dt className="sr-only">Phone</dt>
            <dd className="flex gap-3">
              <Phone className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                <a href={`tel:${site.phone}`} className="underline-offset-4 hover:underline">
                  {displayPhone(site.phone)}
                </a>
              </span>
            </dd>
          </div>
          <div>
            <dt className="sr-only">E-mail</dt>
            <dd className="flex gap-3">
              <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                <a href={`mailto:${site.email}`} className="break-all underline-offset-4 hover:underline">
                  {site.email}
                </a>
              </span>
            </dd>
          </div>
          <div>
            <dt className="sr-only">Address</dt>
            <dd className="flex gap-3">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                {site.address}
                <span className="block text-stone">{site.hours === "24/7" ? "Open 24/7" : site.hours}</span>
              </span>
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
