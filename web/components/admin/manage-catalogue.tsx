/**
 * The Manage Products, Manage Collections and Manage Projects sections of the dashboard
 * (docs/product.md, Lists and pager; Catalogue tools): each with its search and filters,
 * rows that show an item's state at a glance, and on products the bulk bar. Adding,
 * editing, duplicating, deleting and the bulk bar are for the roles that may change the
 * catalogue; every other member reads the same lists without them.
 */
import { Copy, Eye, ExternalLink } from "lucide-react";
import { Form, Link } from "react-router";
import type { AdminListPage, CollectionChoice } from "../../../domain/catalog/admin.types";
import type { Collection, Product, Project } from "../../../domain/catalog/catalog.types";
import { CATEGORIES } from "../../../domain/catalog/categories";
import { AVAILABILITY_KINDS, type AvailabilityKind } from "../../../domain/catalog/furniture";
import { PROJECT_CATEGORIES } from "../../../domain/catalog/project-categories";
import { STYLES } from "../../../domain/catalog/styles";
import { formatNaira, isOnSale } from "../../../domain/money";
import { allows } from "../../../domain/staff/permissions";
import { RichText } from "../detail/rich-text";
import { AdminList, RowPrice, type Chip, type Selection } from "./admin-list";
import { BulkBar, BulkPreviewPanel } from "./bulk-bar";
import type { BulkPreview } from "../../lib/bulk-changes";
import { useAdminViewer } from "./admin-sidebar";
import { DASHBOARD_PATH } from "./delete-confirm";
import { thumbnailOf } from "./image-picker";
import { isNarrowed, ListToolbar, useClearAllHref, type ListFilter, type ListSort } from "./list-toolbar";

const facts = "grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5";
const label = "text-stone";

/** The list's query as the loader read it: what narrows it, the search, sort and paging. */
type Query = Record<string, unknown>;

const AVAILABILITY_LABELS: Record<AvailabilityKind, string> = {
  in_stock: "In stock",
  made_to_order: "Made to order",
  imported: "Imported",
};

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

const STATUS_FILTER: ListFilter = {
  name: "status",
  label: "Draft or published",
  anyLabel: "Drafts and published",
  options: [
    { value: "draft", label: "Drafts" },
    { value: "published", label: "Published" },
  ],
};

const PROMO_FILTER: ListFilter = {
  name: "isPromo",
  label: "Promotion",
  anyLabel: "Any price",
  options: [
    { value: "true", label: "On promotion" },
    { value: "false", label: "Not on promotion" },
  ],
};

const STYLE_FILTER: ListFilter = { name: "style", label: "Style", anyLabel: "Any style", options: options(STYLES) };

const AVAILABILITY_FILTER: ListFilter = {
  name: "availability",
  label: "Availability",
  anyLabel: "Any availability",
  options: AVAILABILITY_KINDS.map((kind) => ({ value: kind, label: AVAILABILITY_LABELS[kind] })),
};

const CATALOG_SORTS: readonly ListSort[] = [
  { value: "updated", label: "Recently edited" },
  { value: "name", label: "Name (A to Z)" },
  { value: "price_asc", label: "Price: low to high" },
  { value: "price_desc", label: "Price: high to low" },
  { value: "best_sellers", label: "Best sellers first" },
];

/** The filters in use, as the URL words them ("true", "none"). */
function appliedOf(query: Query, filters: readonly ListFilter[]) {
  const applied: Record<string, string> = {};
  for (const filter of filters) {
    const value = query[filter.name];
    if (value !== undefined && value !== null) applied[filter.name] = String(value);
  }
  return applied;
}

const searchOf = (query: Query) => (typeof query.search === "string" ? query.search : undefined);

const productChips = (item: {
  status: string;
  sold?: boolean;
  isPromo: boolean;
  isBestSeller: boolean;
  price: number;
  discountedPrice: number | null;
}): Chip[] =>
  [
    item.status === "draft" && ("Draft" as const),
    item.sold && ("Sold" as const),
    isOnSale(item) && ("Promotion" as const),
    item.isBestSeller && ("Best seller" as const),
  ].filter((chip): chip is Chip => chip !== false && chip !== undefined);

const priceOf = (item: { price: number; discountedPrice: number | null; isPromo: boolean }) => (
  <RowPrice price={formatNaira(item.price)} now={isOnSale(item) ? formatNaira(item.discountedPrice!) : null} />
);

const action =
  "inline-flex h-10 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm hover:border-ink";

/** Duplicate: a post to the dashboard's action, which opens the draft copy's edit page. */
export function DuplicateButton({
  intent,
  id,
  className = action,
}: {
  intent: string;
  id: string;
  className?: string;
}) {
  return (
    <Form method="post" action={DASHBOARD_PATH} className="contents">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={className}>
        <Copy className="size-4" aria-hidden="true" /> Duplicate
      </button>
    </Form>
  );
}

/** Whether the signed-in member may change the catalogue (add, edit, duplicate, delete, bulk changes). */
const useMayChangeCatalogue = () => allows(useAdminViewer()?.roles ?? [], "catalogue.write");

/** Preview for a draft (only the owner sees its page), View in the shop once published. */
function ShopLink({ href, draft }: { href: string; draft: boolean }) {
  return (
    <Link to={href} className={action}>
      {draft ? (
        <>
          <Eye className="size-4" aria-hidden="true" /> Preview
        </>
      ) : (
        <>
          <ExternalLink className="size-4" aria-hidden="true" /> View in the shop
        </>
      )}
    </Link>
  );
}

export function ManageProducts({
  list,
  query,
  collections,
  bulk,
}: {
  list: AdminListPage<Product>;
  query: Query;
  collections: readonly CollectionChoice[];
  bulk: BulkPreview | null;
}) {
  const filters: ListFilter[] = [
    { name: "category", label: "Category", anyLabel: "Any category", options: options(CATEGORIES) },
    STYLE_FILTER,
    {
      name: "collectionId",
      label: "Collection",
      anyLabel: "Any collection",
      options: [
        { value: "none", label: "In no collection" },
        ...collections.map((collection) => ({ value: collection._id, label: collection.name })),
      ],
    },
    PROMO_FILTER,
    {
      name: "sold",
      label: "Sold",
      anyLabel: "Sold and available",
      options: [
        { value: "true", label: "Sold" },
        { value: "false", label: "Available" },
      ],
    },
    STATUS_FILTER,
    AVAILABILITY_FILTER,
  ];
  const applied = appliedOf(query, filters);
  const search = searchOf(query);
  const clearHref = useClearAllHref();
  const editable = useMayChangeCatalogue();
  return (
    <AdminList
      heading="Manage Products"
      noun="products"
      addHref="/admin/products/new"
      addLabel="Add Product"
      list={list}
      deleteIntent="delete-product"
      confirmQuestion="Are you sure you want to delete this listing?"
      toolbar={
        <ListToolbar noun="products" filters={filters} sorts={CATALOG_SORTS} applied={applied} searchText={search} />
      }
      narrowed={isNarrowed(applied, search)}
      clearHref={clearHref}
      editable={editable}
      {...(editable
        ? {
            selectable: {
              above: bulk && <BulkPreviewPanel preview={bulk} />,
              // While a preview is shown, its Apply and Cancel are the way on.
              bar: (selection: Selection) =>
                !bulk && <BulkBar selection={selection} total={list.total} collections={collections} />,
            },
          }
        : {})}
      toRow={(product) => ({
        id: product._id,
        title: product.name,
        price: priceOf(product),
        meta: [product.category, product.style, product.collectionId?.name].filter(Boolean).join(" · "),
        chips: productChips(product),
        thumbnail: thumbnailOf(product.images[0]),
        editHref: `/admin/products/edit/${product._id}`,
        actions: (
          <>
            {editable && <DuplicateButton intent="duplicate-product" id={product._id} />}
            <ShopLink href={`/product/${product._id}`} draft={product.status === "draft"} />
          </>
        ),
        details: (
          <dl className={facts}>
            <dt className={label}>Items</dt>
            <dd>{product.items || "—"}</dd>
            <dt className={label}>Collection</dt>
            <dd>{product.collectionId?.name ?? "None"}</dd>
            <dt className={label}>Availability</dt>
            <dd>{AVAILABILITY_LABELS[product.availability.kind]}</dd>
            <dt className={label}>Flags</dt>
            <dd>
              {[
                product.status === "draft" ? "Draft (not in the shop)" : "Published",
                product.isBestSeller && "Best seller",
                product.isPromo && "Promotion",
                product.isForeign && `Foreign (${product.origin ?? "?"})`,
                product.sold ? "Sold" : "Available",
              ]
                .filter(Boolean)
                .join(" · ")}
            </dd>
          </dl>
        ),
      })}
    />
  );
}

export function ManageCollections({ list, query }: { list: AdminListPage<Collection>; query: Query }) {
  const filters = [STYLE_FILTER, PROMO_FILTER, STATUS_FILTER, AVAILABILITY_FILTER];
  const applied = appliedOf(query, filters);
  const search = searchOf(query);
  const clearHref = useClearAllHref();
  const editable = useMayChangeCatalogue();
  return (
    <AdminList
      heading="Manage Collections"
      noun="collections"
      addHref="/admin/collections/new"
      addLabel="Add Collection"
      list={list}
      deleteIntent="delete-collection"
      confirmQuestion="Are you sure you want to delete this collection and unassign its products?"
      editable={editable}
      toolbar={
        <ListToolbar noun="collections" filters={filters} sorts={CATALOG_SORTS} applied={applied} searchText={search} />
      }
      narrowed={isNarrowed(applied, search)}
      clearHref={clearHref}
      toRow={(collection) => ({
        id: collection._id,
        title: collection.name,
        price: priceOf(collection),
        meta: `${collection.style} · ${collection.productIds.length} products`,
        chips: productChips(collection),
        thumbnail: thumbnailOf(collection.coverImage),
        editHref: `/admin/collections/edit/${collection._id}`,
        actions: (
          <>
            {editable && <DuplicateButton intent="duplicate-collection" id={collection._id} />}
            <ShopLink href={`/collection/${collection._id}`} draft={collection.status === "draft"} />
          </>
        ),
        details: (
          <dl className={facts}>
            <dt className={label}>Items</dt>
            <dd>{collection.items || "—"}</dd>
            <dt className={label}>Products</dt>
            <dd>{collection.productIds.length}</dd>
            <dt className={label}>Availability</dt>
            <dd>{AVAILABILITY_LABELS[collection.availability.kind]}</dd>
          </dl>
        ),
      })}
    />
  );
}

export function ManageProjects({ list, query }: { list: AdminListPage<Project>; query: Query }) {
  const filters: ListFilter[] = [
    { name: "category", label: "Category", anyLabel: "Any category", options: options(PROJECT_CATEGORIES) },
    STATUS_FILTER,
  ];
  const applied = appliedOf(query, filters);
  const search = searchOf(query);
  const clearHref = useClearAllHref();
  const editable = useMayChangeCatalogue();
  return (
    <AdminList
      heading="Manage Projects"
      noun="projects"
      addHref="/admin/addproject"
      addLabel="Add New Project"
      list={list}
      oneOpenAtATime
      deleteIntent="delete-project"
      confirmQuestion="Are you sure you want to delete this project?"
      editable={editable}
      toolbar={
        <ListToolbar
          noun="projects"
          filters={filters}
          sorts={[
            { value: "updated", label: "Recently edited" },
            { value: "name", label: "Title (A to Z)" },
          ]}
          applied={applied}
          searchText={search}
        />
      }
      narrowed={isNarrowed(applied, search)}
      clearHref={clearHref}
      toRow={(project) => ({
        id: project._id,
        title: project.title,
        price: <span className="font-medium">Budget: {formatNaira(project.price)}</span>,
        meta: `${project.location} · ${project.category}`,
        chips: project.status === "draft" ? ["Draft"] : [],
        thumbnail: thumbnailOf(project.images[0]),
        editHref: `/admin/editProject/${project._id}`,
        actions: <ShopLink href={`/project/${project._id}`} draft={project.status === "draft"} />,
        details: (
          <div className="space-y-4">
            <dl className={facts}>
              <dt className={label}>Location</dt>
              <dd>{project.location}</dd>
              <dt className={label}>Category</dt>
              <dd>{project.category}</dd>
              <dt className={label}>Images</dt>
              <dd>{project.images.length}</dd>
            </dl>
            <RichText html={project.description} className="line-clamp-6" />
          </div>
        ),
      })}
    />
  );
}
