import { MapPin } from "lucide-react";
import { Link } from "react-router";
import { formatNaira } from "../../../domain/money";
import type { ProjectSummary } from "../../lib/summaries";
import { ResponsiveImage } from "../ui/responsive-image";

export function ProjectCard({ project, sizes }: { project: ProjectSummary; sizes: string }) {
  return (
    <article className="group" data-testid="project-card">
      <Link to={`/project/${project._id}`} className="block">
        <div className="overflow-hidden rounded-sm bg-sand">
          <ResponsiveImage
            image={project.images[0]}
            alt=""
            sizes={sizes}
            className="aspect-[4/3] w-full object-cover transition duration-500 group-hover:scale-[1.03]"
          />
        </div>
        <p className="mt-3 text-xs tracking-[0.14em] text-stone uppercase">{project.category}</p>
        <h3 className="mt-1 font-serif text-xl leading-snug group-hover:underline group-hover:underline-offset-4">
          {project.title}
        </h3>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-stone">
          <MapPin className="size-3.5" aria-hidden="true" />
          {project.location}
        </p>
        <p className="mt-1 text-sm">{`Budget: ${formatNaira(project.price)}`}</p>
      </Link>
    </article>
  );
}
