/**
 * The Settings form as the settings' body, as the Settings page's action reads it: nested
 * fields (services[0].title, orderTerms.deposit) back into their lists and groups.
 */
export function settingsBody(formData: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const rows = <K extends string>(name: string, keys: readonly K[]) => {
    const found: Array<Record<K, string>> = [];
    for (let index = 0; keys.some((key) => formData.has(`${name}[${index}].${key}`)); index += 1) {
      found.push(Object.fromEntries(keys.map((key) => [key, text(`${name}[${index}].${key}`)])) as Record<K, string>);
    }
    return found;
  };
  return {
    shopName: text("shopName"),
    description: text("description"),
    slogan: text("slogan"),
    cityLine: text("cityLine"),
    whatsappNumber: text("whatsappNumber"),
    referencePrefix: text("referencePrefix"),
    servicesWhatsappNumber: text("servicesWhatsappNumber"),
    phone: text("phone"),
    email: text("email"),
    mailSenderName: text("mailSenderName"),
    address: text("address"),
    hours: text("hours"),
    instagramUrl: text("instagramUrl"),
    socialLinks: rows("socialLinks", ["label", "url"] as const),
    ecatalogUrl: text("ecatalogUrl"),
    // The pictures shown when the form was sent: none left means none.
    ecatalogImage: text("ecatalogImage") || null,
    heroImages: formData.getAll("heroImages").filter((value) => typeof value === "string"),
    services: rows("services", ["title", "text"] as const),
    orderTerms: {
      deposit: text("orderTerms.deposit"),
      production: text("orderTerms.production"),
      shipping: text("orderTerms.shipping"),
      delivery: text("orderTerms.delivery"),
    },
    // Left blank, the years kept (and the visit fee) stay as they were.
    journalYears: text("journalYears") || undefined,
    visitFee: text("visitFee") || undefined,
  };
}
