import { data } from "react-router";

/** Not built yet in this commit: answers as a page that does not exist. */
export function loader() {
  throw data(null, { status: 404 });
}
