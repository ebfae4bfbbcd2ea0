/**
 * Until the app has woken, a link chosen in the open menu (`<details data-menu>`, the header's) closes it,
 * as the app does once hydrated. The browser follows a link to another page by itself; a link to a section
 * of this page (the landing's "Plans") only scrolls, and would leave the menu open over the section.
 */
export function closeMenuOnLinkUntilWoken(): void {
  const closeMenuOnLink = (event: MouseEvent) => {
    if (document.documentElement.dataset.hydrated) return removeEventListener("click", closeMenuOnLink, true);
    const target = event.target instanceof Element ? event.target : null;
    const menu = target?.closest("a[href]") ? target.closest<HTMLDetailsElement>("details[data-menu][open]") : null;
    if (menu) menu.open = false;
  };
  addEventListener("click", closeMenuOnLink, true);
}
