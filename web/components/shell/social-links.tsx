/**
 * The shop's Instagram and other social links, as the owner set them in Settings: the
 * footer shows them as round icons, the contact page as labelled buttons.
 */
import { Globe } from "lucide-react";
import type { ShellSite } from "../../../domain/load-context";
import { InstagramIcon } from "../ui/brand-icons";

export function socialLinksOf(site: Pick<ShellSite, "instagramUrl" | "socialLinks">) {
  return [...(site.instagramUrl ? [{ label: "Instagram", url: site.instagramUrl }] : []), ...site.socialLinks];
}

export function SocialLinks({ site, labelled }: { site: ShellSite; labelled: boolean }) {
  return socialLinksOf(site).map(({ label, url }) => {
    const Icon = label === "Instagram" ? InstagramIcon : Globe;
    return (
      <a
        key={url}
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={labelled ? undefined : label}
        title={labelled ? undefined : label}
        className={
          labelled
            ? "inline-flex items-center gap-2 rounded-full border border-ink px-5 py-3 text-sm hover:bg-sand"
            : "inline-flex size-10 items-center justify-center rounded-full border border-ink/20 hover:bg-white"
        }
      >
        <Icon className={labelled ? "size-5" : "size-4"} aria-hidden="true" />
        {labelled && label}
      </a>
    );
  });
}
