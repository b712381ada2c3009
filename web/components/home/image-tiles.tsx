import { Link } from "react-router";
import type { ImageRef } from "../../../domain/catalog/catalog.types";
import { ResponsiveImage } from "../ui/responsive-image";

export interface Tile {
  title: string;
  to: string;
  image: ImageRef | null;
}

/**
 * Picture tiles with a name over them: the home's categories and styles. A tile without a
 * picture has nothing in it yet: only the owner is shown it, as "coming soon" with a link
 * to add a product.
 */
export function ImageTiles({ tiles, columns }: { tiles: Tile[]; columns: "four" | "three" }) {
  const grid = columns === "four" ? "grid-cols-2 lg:grid-cols-4" : "grid-cols-2 lg:grid-cols-3";
  const sizes = columns === "four" ? "(min-width: 1024px) 25vw, 50vw" : "(min-width: 1024px) 33vw, 50vw";
  return (
    <ul className={`grid gap-3 md:gap-5 ${grid}`}>
      {tiles.map((tile) =>
        tile.image ? (
          <li key={tile.to}>
            <Link to={tile.to} className="group relative block overflow-hidden rounded-sm bg-sand">
              <ResponsiveImage
                image={tile.image}
                alt=""
                sizes={sizes}
                className="aspect-square w-full object-cover transition duration-700 group-hover:scale-105"
              />
              <span
                className="absolute inset-0 bg-gradient-to-t from-ink/70 via-ink/10 to-transparent"
                aria-hidden="true"
              />
              <span className="absolute inset-x-0 bottom-0 p-4 font-serif text-lg leading-tight text-white md:p-5 md:text-2xl">
                {tile.title}
              </span>
            </Link>
          </li>
        ) : (
          <li key={tile.to}>
            <Link
              to="/admin/products/new"
              className="flex aspect-square flex-col justify-end rounded-sm border border-dashed border-stone/40 p-4 md:p-5"
            >
              <span className="font-serif text-lg leading-tight md:text-2xl">{tile.title}</span>
              <span className="mt-1 text-xs text-stone md:text-sm">Coming soon · only you see this. Add a product</span>
            </Link>
          </li>
        ),
      )}
    </ul>
  );
}
