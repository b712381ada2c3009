import { CATEGORY_TILES } from "../../domain/catalog/categories";
import { STYLES, stylePath } from "../../domain/catalog/styles";
import type { ImageRef } from "../../domain/catalog/catalog.types";
import { HomeContactForm } from "../components/contact/home-contact-form";
import { CardRow, ROW_IMAGE_SIZES } from "../components/home/card-row";
import { HeroCarousel, HERO_SLIDES } from "../components/home/hero-carousel";
import { HOME_SECTION, HOME_SECTION_BAND, HomeSection } from "../components/home/home-section";
import { ImageTiles, type Tile } from "../components/home/image-tiles";
import { OpeningSoon } from "../components/home/opening-soon";
import { SectionHeading } from "../components/home/section-heading";
import { ServicesSection } from "../components/home/services-section";
import { CollectionCard } from "../components/shop/collection-card";
import { ProductCard } from "../components/shop/product-card";
import { ProjectCard } from "../components/shop/project-card";
import { dataSaverFrom, seoMeta, siteFrom } from "../lib/seo";
import { storeJsonLd } from "../lib/structured-data";
import { DATA_SAVER_WIDTHS, imageUrl, srcSet } from "../../domain/media";
import { summariseCollection, summariseProduct, summariseProject } from "../lib/summaries";
import type { Route } from "./+types/home";

/** Home loads 10 products, 10 collections and 10 projects. */
const HOME_LIST = 10;

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog } = context;
  const page = { page: 1, limit: HOME_LIST };
  // Promotions and best sellers come from the server's own filters, not from whatever page is loaded.
  const [projects, promotions, bestSellers, newest, collections, categoryCovers, styleCovers] = await Promise.all([
    catalog.listProjects(page),
    catalog.listProducts({ ...page, isPromo: true }),
    catalog.listProducts({ ...page, isBestSeller: true }),
    catalog.listProducts({ page: 1, limit: HERO_SLIDES }),
    catalog.listCollections(page),
    catalog.listCovers("category"),
    catalog.listCovers("style"),
  ]);
  // The owner's hero pictures (Settings); until they choose some, the newest projects' and
  // products' photos: the best sellers and promotions first, then the newest pieces.
  const heroImages: ImageRef[] = [...context.site.heroImages];
  if (heroImages.length === 0) {
    heroImages.push(...projects.data.flatMap((p) => p.images.slice(0, 1)));
    const seen = new Set(heroImages.map((image) => image.public_id));
    for (const product of [...bestSellers.products, ...promotions.products, ...newest.products]) {
      if (heroImages.length >= HERO_SLIDES) break;
      const image = product.images[0];
      if (image && !seen.has(image.public_id)) {
        heroImages.push(image);
        seen.add(image.public_id);
      }
    }
  }
  // A room or style with nothing in it is left out; the owner sees it as "coming soon", with a way to add one.
  const owner = context.viewer?.isAdmin ?? false;
  const shown = (tiles: Tile[]) => tiles.filter((tile) => tile.image || owner);
  return {
    // Nothing to show yet: the page welcomes visitors to a shop opening soon instead of empty grids.
    openingSoon: newest.products.length === 0 && collections.collections.length === 0 && projects.data.length === 0,
    heroImages: heroImages.slice(0, HERO_SLIDES),
    projects: projects.data.map(summariseProject),
    promotions: promotions.products.map(summariseProduct),
    bestSellers: bestSellers.products.map(summariseProduct),
    collections: collections.collections.map(summariseCollection),
    categoryTiles: shown(
      CATEGORY_TILES.map((tile) => ({
        title: tile.title,
        to: `/shop?category=${encodeURIComponent(tile.category)}`,
        image: categoryCovers[tile.category] ?? null,
      })),
    ),
    styleTiles: shown(
      STYLES.map((style) => ({ title: style, to: stylePath(style), image: styleCovers[style] ?? null })),
    ),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const hero = loaderData?.heroImages[0];
  const site = siteFrom(matches);
  const dataSaver = dataSaverFrom(matches);
  return [
    ...seoMeta(matches, {
      title: "Furniture and interiors in Nigeria",
      // The owner's own words (Settings), as link previews of the shop show them.
      description:
        site?.description ||
        "Sofas, bedrooms, dining sets, wardrobes and complete interiors, made in Lagos or imported. Browse, then order on WhatsApp.",
      path: "/",
      ...(site ? { jsonLd: [storeJsonLd(site)] } : {}),
    }),
    // The hero is the page's largest paint: ask for it before the scripts.
    ...(hero
      ? [
          {
            tagName: "link",
            rel: "preload",
            as: "image",
            href: imageUrl(hero, site?.mediaUrl),
            // The same format the <picture> will choose, or the picture downloads twice.
            imageSrcSet: srcSet(hero, hero.avif ? "avif" : "webp", {
              base: site?.mediaUrl,
              limit: dataSaver ? DATA_SAVER_WIDTHS.first : undefined,
            }),
            imageSizes: "100vw",
            type: hero.avif ? "image/avif" : "image/webp",
            fetchPriority: "high",
          } as const,
        ]
      : []),
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { openingSoon, heroImages, projects, promotions, bestSellers, collections, categoryTiles, styleTiles } =
    loaderData;
  return (
    <>
      {openingSoon ? <OpeningSoon /> : <HeroCarousel images={heroImages} />}

      {projects.length > 0 && (
        <HomeSection
          id="featured-projects"
          eyebrow="Portfolio"
          title="Featured Projects"
          link={{ to: "/projects", label: "All projects" }}
        >
          <CardRow label="Featured projects">
            {projects.map((project) => (
              <ProjectCard key={project._id} project={project} sizes={ROW_IMAGE_SIZES} />
            ))}
          </CardRow>
        </HomeSection>
      )}

      {categoryTiles.length > 0 && (
        <HomeSection
          id="featured-products"
          eyebrow="Shop by room"
          title="Featured Products"
          link={{ to: "/shop", label: "Shop all" }}
          tinted
        >
          <div className="mt-8">
            <ImageTiles tiles={categoryTiles} columns="four" />
          </div>
        </HomeSection>
      )}

      {promotions.length > 0 && (
        <HomeSection
          id="promotions"
          eyebrow="Limited time"
          title="Promotions"
          link={{ to: "/shop?isPromo=true", label: "All offers" }}
        >
          <CardRow label="Promotions">
            {promotions.map((product) => (
              <ProductCard key={product._id} product={product} imageSizes={ROW_IMAGE_SIZES} />
            ))}
          </CardRow>
        </HomeSection>
      )}

      {bestSellers.length > 0 && (
        <HomeSection
          id="best-sellers"
          eyebrow="Most loved"
          title="Best Sellers"
          link={{ to: "/shop?isBestSeller=true", label: "All best sellers" }}
        >
          <CardRow label="Best sellers">
            {bestSellers.map((product) => (
              <ProductCard key={product._id} product={product} imageSizes={ROW_IMAGE_SIZES} />
            ))}
          </CardRow>
        </HomeSection>
      )}

      {collections.length > 0 && (
        <HomeSection
          id="collections"
          eyebrow="Complete rooms"
          title="Collections"
          link={{ to: "/shop?view=collections", label: "All collections" }}
          tinted
        >
          <CardRow label="Collections">
            {collections.map((collection) => (
              <CollectionCard key={collection._id} collection={collection} imageSizes={ROW_IMAGE_SIZES} />
            ))}
          </CardRow>
        </HomeSection>
      )}

      {styleTiles.length > 0 && (
        <HomeSection id="featured-styles" eyebrow="Find your look" title="Featured Styles">
          <div className="mt-8">
            <ImageTiles tiles={styleTiles} columns="three" />
          </div>
        </HomeSection>
      )}

      <ServicesSection />

      <section aria-labelledby="home-contact" className={`${HOME_SECTION_BAND} ${HOME_SECTION}`}>
        <div className="grid gap-10 lg:grid-cols-12">
          <div className="lg:col-span-4">
            <SectionHeading id="home-contact" eyebrow="Get in touch" title="Tell us about your space" />
            <p className="mt-4 text-stone">
              A question about a piece, a custom size or a whole project? We answer every message, day or night.
            </p>
          </div>
          <div className="lg:col-span-8">
            <HomeContactForm backHash="home-contact" />
          </div>
        </div>
      </section>
    </>
  );
}
