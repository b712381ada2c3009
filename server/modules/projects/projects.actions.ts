/**
 * The projects' door (server/door.ts): the admin's reads of design projects need
 * `catalogue.read`, their writes `catalogue.write`, parsed with the form's schemas and
 * journaled in the catalogue area with the fields they changed.
 */
import type { FastifyRequest } from "fastify";
import type { AdminProjectListQuery } from "../../../domain/catalog/admin-list-query.schema";
import type { Project } from "../../../domain/catalog/catalog.types";
import { ProjectInputSchema, ProjectUpdateBodySchema } from "../../../domain/catalog/project-input.schema";
import type { Database } from "../../db/client";
import { changesBetween, journaled, staffMember, type JournalNote, type WriteParts } from "../../door";
import { readBody } from "../catalog/admin-writes";
import { journalView } from "../catalog/catalog.actions";
import { addProject, changeProject, listAdminProjects, removeProject } from "./projects-admin.service";
import { getProject, listAdminProjectPage } from "./projects.service";
import { customerPhotos } from "../reviews/reviews.service";
import type { CustomerPhoto } from "../../../domain/reviews/reviews.schema";

const readProject = (db: Database, id: string) => getProject(db, id, "admin");

const projectNote = (action: string, before: Project | null, after: Project | null, id: string): JournalNote => ({
  area: "catalogue",
  item: id,
  itemLabel: (after ?? before)?.title ?? id,
  action,
  changes: changesBetween(journalView(before), journalView(after)),
});

export function createProjectActions(parts: WriteParts) {
  const { db } = parts;
  return (request: FastifyRequest) => {
    const reader = async () => void (await staffMember(request, "catalogue.read"));
    const writer = () => staffMember(request, "catalogue.write");
    return {
      async listProjects(query: AdminProjectListQuery) {
        await reader();
        return listAdminProjects(db, query);
      },
      /** The API's page of projects: as the public list answers, drafts included. */
      async listProjectPage(query: AdminProjectListQuery) {
        await reader();
        return listAdminProjectPage(db, query);
      },
      async getProject(id: string) {
        await reader();
        return readProject(db, id);
      },
      /**
       * What the project editor offers under "Customers' photos": consented photos of
       * published reviews, newest first. For those who may change projects.
       */
      async listCustomerPhotos(): Promise<CustomerPhoto[]> {
        await writer();
        return customerPhotos(db);
      },
      async addProject(body: unknown): Promise<Project> {
        const by = await writer();
        const input = readBody(ProjectInputSchema, body);
        return journaled(
          parts,
          by,
          (p) => addProject(p, input),
          (project) => projectNote("Project added", null, project, project._id),
        );
      },
      async updateProject(id: string, body: unknown): Promise<Project> {
        const by = await writer();
        const update = readBody(ProjectUpdateBodySchema, body);
        const { after } = await journaled(
          parts,
          by,
          async (p) => ({ before: await readProject(p.db, id), after: await changeProject(p, id, update) }),
          ({ before, after }) => projectNote("Project changed", before, after, id),
        );
        return after;
      },
      async deleteProject(id: string): Promise<void> {
        const by = await writer();
        await journaled(
          parts,
          by,
          async (p) => {
            const before = await readProject(p.db, id);
            await removeProject(p, id);
            return before;
          },
          (before) => projectNote("Project deleted", before, null, id),
        );
      },
    };
  };
}
