/** /admin/editProject/{id} (SPEC.md §2, §4). */
import toast from "react-hot-toast";
import { useNavigate } from "react-router";
import { FormLoading, FormPage } from "../../components/admin/form-controls";
import { PROJECTS_SECTION, ProjectForm } from "../../components/admin/project-form";
import { canGoBack } from "../../features/admin/admin-form";
import { fetchProject } from "../../features/admin/admin-api";
import { useEditItem } from "../../features/admin/use-edit-item";
import type { Route } from "./+types/project-edit";

export const meta: Route.MetaFunction = () => [{ title: "Edit Project" }, { name: "robots", content: "noindex" }];

export default function EditProject({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  // SPEC.md §4: a project that cannot be loaded goes back, with this message.
  const project = useEditItem(params.id, fetchProject, () => {
    toast.error("Project not found or failed to load.", { id: "edit-load" });
    if (canGoBack()) void navigate(-1);
    else void navigate(PROJECTS_SECTION, { replace: true });
  });
  return (
    <FormPage
      title="Edit Project"
      intro={project ? `Changes to “${project.title}” show in the portfolio once saved.` : "Change a project."}
      backHref={PROJECTS_SECTION}
      backLabel="Manage Projects"
    >
      {project ? <ProjectForm key={project._id} project={project} /> : <FormLoading />}
    </FormPage>
  );
}
