/** The blog's categories, in the order of the filter. */
export const blogCategories = ["guides", "apps", "vpn", "devices"] as const;
export type BlogCategory = (typeof blogCategories)[number];
