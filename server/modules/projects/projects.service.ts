import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { AdminProjectListQuery } from "../../../domain/catalog/admin-list-query.schema";
import type { ProjectListQuery } from "../../../domain/catalog/catalog-query.schema";
import type { Project, ProjectPage } from "../../../domain/catalog/catalog.types";
import type { ProjectCategory } from "../../../domain/catalog/project-categories";
import { toImageRef } from "../../../domain/media";
import { koboToNaira } from "../../../domain/money";
import type { Database } from "../../db/client";
import { isUuidText } from "../../../domain/ids.schema";
import { projects } from "../../db/schema/projects";
import { publishedOnly, type Audience } from "../catalog/catalog-filters";
import { orderedImages } from "../catalog/media-json";

const projectColumns = {
  id: projects.id,
  title: projects.title,
  location: projects.location,
  priceKobo: projects.priceKobo,
  description: projects.description,
  category: projects.category,
  images: orderedImages("projects"),
  status: projects.status,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
};

function selectProjects(db: Database) {
  return db.select(projectColumns).from(projects);
}

type ProjectRow = Awaited<ReturnType<ReturnType<typeof selectProjects>["execute"]>>[number];

function toProject(row: ProjectRow): Project {
  return {
    _id: row.id,
    title: row.title,
    location: row.location,
    price: koboToNaira(row.priceKobo),
    description: row.description,
    category: row.category as ProjectCategory,
    images: row.images.map(toImageRef),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const seenBy = (audience: Audience, where?: SQL) =>
  audience === "public" ? and(publishedOnly(projects.status), where) : where;

/** A page of published projects, newest first. */
export function listProjects(db: Database, query: ProjectListQuery): Promise<ProjectPage> {
  return loadProjects(db, query, seenBy("public", query.category ? eq(projects.category, query.category) : undefined));
}

/**
 * A page of the admin's list, drafts included. Projects are few: a search is the title or
 * place holding what was typed, or a title close to it (trigram similarity forgives a slip).
 */
export function listAdminProjectPage(db: Database, query: AdminProjectListQuery): Promise<ProjectPage> {
  const conditions: SQL[] = [];
  if (query.category) conditions.push(eq(projects.category, query.category));
  if (query.status) conditions.push(eq(projects.status, query.status));
  const words = query.search?.trim();
  if (words) {
    const pattern = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(projects.title, pattern),
        ilike(projects.location, pattern),
        sql`word_similarity(${words}, ${projects.title}) > 0.4`,
      )!,
    );
  }
  const order =
    query.sort === "name"
      ? [asc(sql`lower(${projects.title})`)]
      : query.sort === "updated"
        ? [desc(projects.updatedAt)]
        : [];
  return loadProjects(db, query, conditions.length ? and(...conditions) : undefined, order);
}

async function loadProjects(
  db: Database,
  query: { page: number; limit: number },
  where: SQL | undefined,
  order: SQL[] = [],
): Promise<ProjectPage> {
  const [rows, total] = await Promise.all([
    selectProjects(db)
      .where(where)
      .orderBy(...order, desc(projects.createdAt), desc(projects.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.$count(projects, where),
  ]);
  const totalPages = Math.ceil(total / query.limit);
  return {
    data: rows.map(toProject),
    pagination: {
      totalItems: total,
      totalCount: total,
      limit: query.limit,
      currentPage: query.page,
      totalPages,
      hasNextPage: query.page < totalPages,
      hasPrevPage: query.page > 1,
    },
  };
}

/** How many projects shoppers can see, or all of them for the admin. */
export async function countProjects(db: Database, audience: Audience = "public"): Promise<number> {
  return db.$count(projects, seenBy(audience));
}

/** A project by id; a draft only for the admin. */
export async function getProject(db: Database, id: string, audience: Audience = "public"): Promise<Project | null> {
  if (!isUuidText(id)) return null;
  const [row] = await selectProjects(db)
    .where(seenBy(audience, eq(projects.id, id)))
    .limit(1);
  return row ? toProject(row) : null;
}
