/** The Manage Products, Manage Collections and Manage Projects sections of the dashboard. */
import { Link } from "react-router";
import type { AdminListPage } from "../../../domain/catalog/admin.types";
import type { Collection, Product, Project } from "../../../domain/catalog/catalog.types";
import { effectivePrice, formatNaira } from "../../../domain/money";
import { RichText } from "../detail/rich-text";
import { Price } from "../shop/price";
import { AdminList } from "./admin-list";
import { thumbnailOf } from "./image-picker";

const facts = "grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5";
const label = "text-stone";

export function ManageProducts({ list }: { list: AdminListPage<Product> }) {
  return (
    <AdminList
      heading="Manage Products"
      noun="products"
      addHref="/admin/products/new"
      addLabel="Add Product"
      list={list}
      deleteIntent="delete-product"
      confirmQuestion="Are you sure you want to delete this listing?"
      toRow={(product) => ({
        id: product._id,
        title: product.name,
        meta: `${product.category} · ${product.style} · ${formatNaira(effectivePrice(product))}${product.sold ? " · Sold" : ""}`,
        thumbnail: thumbnailOf(product.images[0]),
        editHref: `/admin/products/edit/${product._id}`,
        details: (
          <div className="space-y-4">
            <dl className={facts}>
              <dt className={label}>Price</dt>
              <dd>
                <Price price={product.price} discountedPrice={product.discountedPrice} isPromo={product.isPromo} />
              </dd>
              <dt className={label}>Items</dt>
              <dd>{product.items || "—"}</dd>
              <dt className={label}>Collection</dt>
              <dd>{product.collectionId?.name ?? "None"}</dd>
              <dt className={label}>Flags</dt>
              <dd>
                {[
                  product.isBestSeller && "Best seller",
                  product.isPromo && "Promotion",
                  product.isForeign && `Foreign (${product.origin ?? "?"})`,
                  product.sold ? "Sold" : "Available",
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </dd>
            </dl>
            <Link to={`/product/${product._id}`} className="inline-block underline">
              View in the shop
            </Link>
          </div>
        ),
      })}
    />
  );
}

export function ManageCollections({ list }: { list: AdminListPage<Collection> }) {
  return (
    <AdminList
      heading="Manage Collections"
      noun="collections"
      addHref="/admin/collections/new"
      addLabel="Add Collection"
      list={list}
      deleteIntent="delete-collection"
      confirmQuestion="Are you sure you want to delete this collection and unassign its products?"
      toRow={(collection) => ({
        id: collection._id,
        title: collection.name,
        meta: `${collection.style} · ${collection.productIds.length} products · ${formatNaira(effectivePrice(collection))}`,
        thumbnail: thumbnailOf(collection.coverImage),
        editHref: `/admin/collections/edit/${collection._id}`,
        details: (
          <div className="space-y-4">
            <dl className={facts}>
              <dt className={label}>Price</dt>
              <dd>
                <Price
                  price={collection.price}
                  discountedPrice={collection.discountedPrice}
                  isPromo={collection.isPromo}
                />
              </dd>
              <dt className={label}>Items</dt>
              <dd>{collection.items || "—"}</dd>
              <dt className={label}>Products</dt>
              <dd>{collection.productIds.length}</dd>
            </dl>
            <Link to={`/collection/${collection._id}`} className="inline-block underline">
              View in the shop
            </Link>
          </div>
        ),
      })}
    />
  );
}

export function ManageProjects({ list }: { list: AdminListPage<Project> }) {
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
      toRow={(project) => ({
        id: project._id,
        title: project.title,
        meta: `${project.location} · ${project.category} · Budget: ${formatNaira(project.price)}`,
        thumbnail: thumbnailOf(project.images[0]),
        editHref: `/admin/editProject/${project._id}`,
        details: (
          <div className="space-y-4">
            <dl className={facts}>
              <dt className={label}>Location</dt>
              <dd>{project.location}</dd>
              <dt className={label}>Category</dt>
              <dd>{project.category}</dd>
              <dt className={label}>Budget</dt>
              <dd>{formatNaira(project.price)}</dd>
              <dt className={label}>Images</dt>
              <dd>{project.images.length}</dd>
            </dl>
            <RichText html={project.description} className="line-clamp-6" />
            <Link to={`/project/${project._id}`} className="inline-block underline">
              View in the shop
            </Link>
          </div>
        ),
      })}
    />
  );
}
