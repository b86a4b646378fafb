/** Shared look of the header's dropdown menus. */
export const menuContentClass =
  'z-50 min-w-44 rounded-xl border border-sand-200 bg-white p-1.5 shadow-lg shadow-ink/10';
export const menuItemClass =
  'flex cursor-pointer items-center rounded-lg px-3 py-2 text-sm text-ink outline-none select-none data-[highlighted]:bg-sand-100 data-[highlighted]:text-terracotta-800';
