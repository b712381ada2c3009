import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Paths match case-insensitively, so /aboutUS reaches /aboutUs, as both spellings are linked.
export default [
  index("routes/home.tsx"),
  route("shop", "routes/shop.tsx"),
  route("styles/:style", "routes/style.tsx"),
  route("product/:productId", "routes/product.tsx"),
  route("product/:productId/finishes", "routes/product-finishes.tsx"),
  route("collection/:collectionId", "routes/collection.tsx"),
  route("projects", "routes/projects.tsx"),
  route("project/:projectId", "routes/project.tsx"),
  route("e-catalog", "routes/e-catalog.tsx"),
  route("aboutUs", "routes/about.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("contact", "routes/contact.tsx"),
  route("cart", "routes/cart.tsx"),
  // The optional step before WhatsApp: /order?kind=item&itemType=…&itemId=…, ?kind=cart, ?kind=service.
  route("order", "routes/order.tsx"),
  // Where the shopper's orders go: their area (searched), floor, lift and installation.
  route("delivery", "routes/delivery.tsx"),
  // An order's tracking link.
  route("orders/t/:token", "routes/order-tracking.tsx"),
  route("reminders/stop/:token", "routes/reminders-stop.tsx"),
  // An order's review link: its delivered pieces, each reviewed once.
  route("reviews/:token", "routes/review.tsx"),
  // A payment's printable receipt, linked from its order's tracking page.
  route("receipts/:token", "routes/receipt.tsx"),
  route("wishlist", "routes/wishlist.tsx"),
  // What the service worker shows for a page it has no copy of, offline.
  route("offline", "routes/offline.tsx"),
  // The cookie banner's form posts here (an action only).
  route("cookie-consent", "routes/cookie-consent.tsx"),
  // The Data saver switch posts here (an action only).
  route("data-saver", "routes/data-saver.tsx"),
  route("login", "routes/account/login.tsx"),
  route("signup", "routes/account/signup.tsx"),
  route("profile", "routes/account/profile.tsx"),
  route("profile/orders", "routes/account/my-orders.tsx"),
  // Without its token the page says so and goes to /login.
  route("reset-password/:token?", "routes/account/reset-password.tsx"),
  // An e-mailed sign-in link; without its token (used, expired) the page says so.
  route("sign-in-link/:token?", "routes/account/sign-in-link.tsx"),
  // The link that confirms the shop's e-mail: a dead link says so.
  route("shop-email/confirm/:token", "routes/account/shop-email-confirm.tsx"),
  route("admin/login", "routes/account/admin-login.tsx"),
  // An owner's e-mailed invitation to the staff: a dead link says so.
  route("staff/invitation/:token", "routes/account/staff-invitation.tsx"),
  // Every Logout button posts here; the route has nothing to show.
  route("logout", "routes/account/logout.tsx"),
  route("admin", "routes/admin/admin-layout.tsx", [
    index("routes/admin/admin-index.tsx"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("today", "routes/admin/today.tsx"),
    route("products/new", "routes/admin/product-new.tsx"),
    route("products/edit/:productId", "routes/admin/product-edit.tsx"),
    route("collections/new", "routes/admin/collection-new.tsx"),
    route("collections/edit/:collectionId", "routes/admin/collection-edit.tsx"),
    route("addproject", "routes/admin/project-add.tsx"),
    route("editProject/:id", "routes/admin/project-edit.tsx"),
    route("product-choices", "routes/admin/product-choices.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("settings/payments", "routes/admin/settings-payments.tsx"),
    route("settings/delivery", "routes/admin/settings-delivery.tsx"),
    route("settings/email", "routes/admin/settings-email.tsx"),
    route("settings/backups", "routes/admin/settings-backups.tsx"),
    route("settings/follow-ups", "routes/admin/settings-follow-ups.tsx"),
    route("catalogue/transfer", "routes/admin/catalogue-transfer.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("orders/:orderId", "routes/admin/order.tsx"),
    route("orders/:orderId/invoice", "routes/admin/order-invoice.tsx"),
    route("orders/:orderId/workshop-sheet", "routes/admin/order-workshop-sheet.tsx"),
    route("staff", "routes/admin/staff.tsx"),
    route("profile", "routes/admin/profile.tsx"),
    route("journal", "routes/admin/journal.tsx"),
    route("customers", "routes/admin/customers.tsx"),
    route("customers/:customerId", "routes/admin/customer.tsx"),
    route("reviews", "routes/admin/reviews.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
