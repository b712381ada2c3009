/** /admin/addproject, also reached as /admin/addProject (SPEC.md §2). */
import { FormPage } from "../../components/admin/form-controls";
import { PROJECTS_SECTION, ProjectForm } from "../../components/admin/project-form";
import type { Route } from "./+types/project-add";

export const meta: Route.MetaFunction = () => [{ title: "Add Project" }, { name: "robots", content: "noindex" }];

export default function AddProject() {
  return (
    <FormPage
      title="Add Project"
      intro="A finished design project for the portfolio, with its budget and photos."
      backHref={PROJECTS_SECTION}
      backLabel="Manage Projects"
    >
      <ProjectForm project={null} />
    </FormPage>
  );
}
