import { NavLink } from "react-router";

const links = [
  { to: "/", label: "Home" },
  { to: "/shop", label: "Shop" },
];

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-5 md:px-8">
        <a href="/" className="font-serif text-2xl tracking-wide">
          Furnish
        </a>
        <nav aria-label="Main" className="flex gap-6 text-sm">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end
              className={({ isActive }) =>
                isActive ? "text-ink underline underline-offset-8" : "text-stone hover:text-ink"
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
      </div>
    </header>
  );
}
