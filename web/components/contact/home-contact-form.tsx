/**
 * The contact form at the foot of the home page. Imported as the page's own code: a form
 * whose code arrived later (lazily) would hold back every update of the page until it
 * hydrated, since React cannot change what it has not hydrated yet.
 */
import type { ComponentProps } from "react";
import { ContactForm } from "./contact-form";

export function HomeContactForm(props: Omit<ComponentProps<typeof ContactForm>, "id">) {
  return <ContactForm id="home-contact-form" {...props} />;
}
