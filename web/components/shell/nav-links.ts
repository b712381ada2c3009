/** The header's bar on large screens. */
export const MAIN_LINKS = [
  { to: "/", label: "Home" },
  { to: "/shop", label: "Shop" },
  { to: "/e-catalog", label: "E-Catalog" },
  { to: "/projects", label: "Projects" },
  { to: "/aboutUs", label: "About Us" },
] as const;

/** The phone drawer's pages. */
export const DRAWER_LINKS = [
  { to: "/", label: "Home" },
  { to: "/shop", label: "Shop" },
  { to: "/e-catalog", label: "E-Catalogs" },
  { to: "/projects", label: "Projects" },
  { to: "/aboutUs", label: "About Us" },
  { to: "/contact", label: "Contact" },
] as const;
