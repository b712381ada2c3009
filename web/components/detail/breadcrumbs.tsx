import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { Crumb } from "../../lib/seo";

/**
 * Where the page sits in the shop (Home › Shop › Category › Name), the trail its JSON-LD
 * gives search engines. One line: the last step, the page itself, is cut short when long.
 */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="min-w-0 text-xs text-stone">
      <ol className="flex min-w-0 items-center gap-1">
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={crumb.path} className={`flex items-center gap-1 ${last ? "min-w-0" : "shrink-0"}`}>
              {index > 0 && <ChevronRight className="size-3 shrink-0" aria-hidden="true" />}
              {last ? (
                <span aria-current="page" className="truncate text-ink">
                  {crumb.name}
                </span>
              ) : (
                <Link
                  to={crumb.path}
                  className="rounded-sm py-2 hover:text-ink hover:underline hover:underline-offset-4"
                >
                  {crumb.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
