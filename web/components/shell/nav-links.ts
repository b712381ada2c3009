export const MAIN_LINKS = [
  { to: "/", label: "Home" },
  { to: "/shop", label: "Shop" },
  { to: "/e-catalog", label: "E-Catalog" },
  { to: "/projects", label: "Projects" },
  { to: "/aboutUs", label: "About Us" },
] as const;
