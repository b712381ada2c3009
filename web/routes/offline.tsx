/**
 * The offline page (docs/product.md, Offline and installing the shop): the service worker
 * keeps it and shows it in place of a page it has no copy of when there is no connection.
 * It is kept as a signed-out visitor sees it, so it holds nobody's name or lists; the
 * pieces it lists are read from the phone's saved pages once its scripts run.
 */
import { WifiOff } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { ownPath } from "../../domain/own-path";
import { enquiryMessage, whatsappLink } from "../../domain/whatsapp";
import { WhatsAppIcon } from "../components/ui/brand-icons";
import { useRootData } from "../lib/root-data";
import { seoMeta } from "../lib/seo";
import { PAGES_CACHE } from "../sw/worker-caches";
import type { Route } from "./+types/offline";
import { displayPhone } from "../../domain/accounts/phone";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "You are offline",
    description: "This page needs a connection; the pieces you looked at recently are saved on your phone.",
    path: "/offline",
    noindex: true,
  });

/** The saved copies of piece pages (products, collections, projects), newest first. */
const PIECE_PAGE = /^\/(product|collection|project)\/[^/]+$/i;

interface SavedPiece {
  path: string;
  name: string;
}

async function readSavedPieces(): Promise<SavedPiece[]> {
  if (!("caches" in window) || !(await caches.has(PAGES_CACHE))) return [];
  const cache = await caches.open(PAGES_CACHE);
  const pieces: SavedPiece[] = [];
  for (const request of [...(await cache.keys())].reverse()) {
    const url = new URL(request.url);
    if (!PIECE_PAGE.test(url.pathname) || pieces.length >= 12) continue;
    const html = (await (await cache.match(request))?.text()) ?? "";
    const title = new DOMParser().parseFromString(html, "text/html").title;
    pieces.push({ path: `${url.pathname}${url.search}`, name: title.replace(/ \| [^|]*$/, "") || url.pathname });
  }
  return pieces;
}

export default function OfflinePage() {
  const site = useRootData()?.site;
  const [params] = useSearchParams();
  // Try again goes only to a path of this shop (the one rule for redirects).
  const from = ownPath(params.get("from"));
  const [saved, setSaved] = useState<SavedPiece[] | null>(null);
  useEffect(() => {
    readSavedPieces().then(setSaved, () => setSaved([]));
  }, []);

  return (
    <section className="mx-auto max-w-2xl px-5 py-16 md:px-8">
      <WifiOff className="size-8 text-clay" aria-hidden="true" />
      <h1 className="mt-4 font-serif text-4xl">You are offline</h1>
      <p className="mt-4 text-stone">
        This page is not saved on your phone. The pages you opened recently are, and open without a connection.
      </p>
      {from && (
        <a href={from} className="mt-6 inline-block rounded-full bg-ink px-6 py-3 text-sm text-white">
          Try again
        </a>
      )}
      {saved && saved.length > 0 && (
        <>
          <h2 className="mt-10 font-serif text-2xl">Recently viewed</h2>
          <ul className="mt-4 divide-y divide-line border-y border-line">
            {saved.map((piece) => (
              <li key={piece.path}>
                <a href={piece.path} className="block py-3 hover:text-clay">
                  {piece.name}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {site && (
        <div className="mt-10 rounded-lg bg-sand p-5">
          <h2 className="font-serif text-2xl">Talk to {site.shopName}</h2>
          <p className="mt-2 text-sm text-stone">A message sends as soon as your phone is back online.</p>
          <div className="mt-4 flex flex-wrap gap-3 text-sm">
            <a
              href={whatsappLink(site.whatsappNumber, enquiryMessage(site.shopName))}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-2 rounded-full bg-ink px-5 text-white"
            >
              <WhatsAppIcon className="size-4" />
              Chat on WhatsApp
            </a>
            <a
              href={`tel:${site.phone.replace(/[^\d+]/g, "")}`}
              className="inline-flex min-h-11 items-center rounded-full border border-ink/20 px-5"
            >
              Call {displayPhone(site.phone)}
            </a>
          </div>
        </div>
      )}
    </section>
  );
}
