import { redirect } from "react-router";

/**
 * `/admin` leads to the console's home, `/admin/home`. The home cannot live at `/admin` itself: a page the
 * woken app opens is fetched as `<path>.data`, and `/admin.data` lies outside the session cookie's path
 * (`/admin`, so that no other page of the site ever receives it). This redirect needs no session, so it sits
 * outside the console's layout and its gate; the page it leads to has both.
 */
export function loader() {
  return redirect("/admin/home", { headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } });
}

/** A form posted here (none is) is sent on the same way: nothing is done, nothing is kept. */
export const action = loader;
