/** /admin/addproject, also reached as /admin/addProject: once added, the projects list. */
import { ProjectInputSchema } from "../../../domain/catalog/project-input.schema";
import { FormPage, savedMessage } from "../../components/admin/form-page";
import { PROJECT_FORM_SHAPE, PROJECTS_SECTION, ProjectForm } from "../../components/admin/project-form";
import { requireStaffPage, saveAdminForm } from "../../features/admin/admin-page.server";
import type { Route } from "./+types/project-add";

export const meta: Route.MetaFunction = () => [{ title: "Add Project" }, { name: "robots", content: "noindex" }];

export function loader({ context }: Route.LoaderArgs) {
  requireStaffPage(context, "catalogue.write");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveAdminForm({
    request,
    schema: ProjectInputSchema,
    shape: PROJECT_FORM_SHAPE,
    save: (body) => context.admin.addProject(body as never),
    then: (formData) => ({
      to: PROJECTS_SECTION,
      flash: { kind: "success", message: savedMessage(formData, "Project added successfully") },
    }),
  });
}

export default function AddProject({ actionData }: Route.ComponentProps) {
  return (
    <FormPage
      title="Add Project"
      intro="A finished design project for the portfolio, with its budget and photos."
      backHref={PROJECTS_SECTION}
      backLabel="Manage Projects"
    >
      <ProjectForm project={null} lastResult={actionData?.result} />
    </FormPage>
  );
}
