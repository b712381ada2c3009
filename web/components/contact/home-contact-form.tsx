/**
 * The contact form at the foot of the home page, whose code (the form kit) the page loads
 * only once the visitor nears the form (docs/architecture.md, What ships to shoppers).
 * The server renders the whole form, so it works as a plain form until then (a post goes
 * to /contact and back); React hydrates it when its code arrives. Reached by a link from
 * another page, the form's code loads at once.
 */
import { lazy, Suspense, type ComponentProps } from "react";
import type { ContactForm } from "./contact-form";

const FORM_ID = "home-contact-form";

// The server has the form at hand from its start, so it renders it in the page at once
// (a form streamed in later would need a script to show). Imported dynamically even
// here: a static import would put the form's code in the pages' shared chunk.
let serverForm: typeof ContactForm | undefined;
if (import.meta.env.SSR) void import("./contact-form").then((module) => (serverForm = module.ContactForm));

const LaterForm = lazy(async () => {
  const rendered = typeof document === "undefined" ? null : document.getElementById(FORM_ID);
  if (rendered)
    await new Promise<void>((resolve) => {
      // Within a screen of the viewport: time enough to arrive before the visitor does.
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          resolve();
        },
        { rootMargin: "100% 0px" },
      );
      observer.observe(rendered);
    });
  return { default: (await import("./contact-form")).ContactForm };
});

export function HomeContactForm(props: Omit<ComponentProps<typeof ContactForm>, "id">) {
  const Form = (import.meta.env.SSR && serverForm) || LaterForm;
  return (
    <Suspense fallback={null}>
      <Form id={FORM_ID} {...props} />
    </Suspense>
  );
}
