import type { ReactNode } from "react";

/** The calm card that holds the login, sign-up, reset and admin login forms. */
export function AuthScreen({
  eyebrow,
  title,
  intro,
  children,
  footer,
}: {
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="relative px-4 pt-6 sm:px-5 md:pt-16">
      {/* The sand band of the other pages' heroes, with the card resting across its edge. */}
      <div aria-hidden="true" className="absolute inset-x-0 top-0 h-44 bg-sand md:h-72" />
      <div className="relative mx-auto w-full max-w-md rounded-3xl border border-line bg-white px-5 py-8 shadow-[0_24px_48px_-32px_rgba(31,28,25,0.35)] sm:px-10 sm:py-10">
        <p className="text-xs tracking-[0.2em] text-stone uppercase">{eyebrow}</p>
        <h1 className="mt-3 font-serif text-3xl md:text-4xl">{title}</h1>
        {intro && <p className="mt-3 text-[15px] text-stone">{intro}</p>}
        <div className="mt-7">{children}</div>
        {footer && <div className="mt-8 border-t border-line pt-6 text-center text-sm text-stone">{footer}</div>}
      </div>
    </div>
  );
}

export const textLink = "font-medium text-ink underline underline-offset-4 hover:text-clay";
