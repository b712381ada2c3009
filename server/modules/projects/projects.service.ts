import { desc, eq } from "drizzle-orm";
import type { ProjectListQuery } from "../../../domain/catalog/catalog-query.schema";
import type { Project, ProjectPage } from "../../../domain/catalog/catalog.types";
import type { ProjectCategory } from "../../../domain/catalog/project-categories";
import { toImageRef } from "../../../domain/media";
import { koboToNaira } from "../../../domain/money";
import type { Database } from "../../db/client";
import { isUuidText } from "../../../domain/ids.schema";
import { projects } from "../../db/schema/projects";
import { orderedImages } from "../catalog/media-json";

const projectColumns = {
  id: projects.id,
  title: projects.title,
  location: projects.location,
  priceKobo: projects.priceKobo,
  description: projects.description,
  category: projects.category,
  images: orderedImages("projects"),
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listProjects(db: Database, query: ProjectListQuery): Promise<ProjectPage> {
  const where = query.category ? eq(projects.category, query.category) : undefined;
  const [rows, total] = await Promise.all([
    selectProjects(db)
      .where(where)
      .orderBy(desc(projects.createdAt), desc(projects.id))
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

export async function countProjects(db: Database): Promise<number> {
  return db.$count(projects);
}

export async function getProject(db: Database, id: string): Promise<Project | null> {
  if (!isUuidText(id)) return null;
  const [row] = await selectProjects(db).where(eq(projects.id, id)).limit(1);
  return row ? toProject(row) : null;
}
