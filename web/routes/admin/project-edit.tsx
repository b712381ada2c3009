/**
 * /admin/editProject/{id}: once saved, the projects list, with 'Project updated
 * successfully!'. A project that is not there (deleted while its row was on screen)
 * sends the admin to the projects list with 'Project not found or failed to load.'.
 */
import { ProjectUpdateSchema } from "../../../domain/catalog/project-input.schema";
import { FormPage, savedMessage, ShopPageLink } from "../../components/admin/form-page";
import { PROJECT_FORM_SHAPE, PROJECTS_SECTION, ProjectForm } from "../../components/admin/project-form";
import { requireStaffPage, saveAdminForm } from "../../features/admin/admin-page.server";
import { redirectWithFlash } from "../../lib/page-actions.server";
import { allows } from "../../../domain/staff/permissions";
import type { Route } from "./+types/project-edit";

export const meta: Route.MetaFunction = () => [{ title: "Edit Project" }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = requireStaffPage(context, "catalogue.read");
  const project = await context.admin.getProject(params.id);
  if (!project) {
    throw await redirectWithFlash(PROJECTS_SECTION, { kind: "error", message: "Project not found or failed to load." });
  }
  // Offered only to those who may save the project.
  const customerPhotos = allows(viewer.roles, "catalogue.write") ? await context.admin.listCustomerPhotos() : null;
  return { project, customerPhotos };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return saveAdminForm({
    request,
    schema: ProjectUpdateSchema,
    shape: PROJECT_FORM_SHAPE,
    save: (body) => context.admin.updateProject(params.id, body),
    then: (formData) => ({
      to: PROJECTS_SECTION,
      flash: { kind: "success", message: savedMessage(formData, "Project updated successfully!") },
    }),
  });
}

export default function EditProject({ loaderData, actionData }: Route.ComponentProps) {
  const { project, customerPhotos } = loaderData;
  return (
    <FormPage
      title="Edit Project"
      intro={
        project.status === "draft"
          ? `“${project.title}” is a draft: only you can see it until it is published.`
          : `Changes to “${project.title}” show in the portfolio once saved.`
      }
      backHref={PROJECTS_SECTION}
      backLabel="Manage Projects"
      status={project.status}
      actions={<ShopPageLink href={`/project/${project._id}`} status={project.status} />}
    >
      <ProjectForm
        key={project._id}
        project={project}
        lastResult={actionData?.result}
        customerPhotos={customerPhotos}
      />
    </FormPage>
  );
}
