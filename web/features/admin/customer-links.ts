/** Where the customer book lives: the list, its CSV, and one customer's page. */
export const CUSTOMERS_PAGE = "/admin/customers";
export const CUSTOMERS_EXPORT = "/api/admin/operations/customers/export.csv";
export const customerPath = (id: string) => `${CUSTOMERS_PAGE}/${id}`;
