/** The console lives under /admin, in the operator's language, outside the public site's frame. */
export const isConsolePath = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");
