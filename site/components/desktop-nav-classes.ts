/** Shared by the desktop navigation's first paint and its menu, which loads later. */
export const triggerClass =
  "group inline-flex items-center gap-1 whitespace-nowrap rounded-md px-3 py-2 text-[0.95rem] font-medium text-ink hover:bg-navy-50 hover:text-navy-800 data-[state=open]:bg-navy-50";
export const linkClass =
  "block whitespace-nowrap rounded-md px-3 py-2 text-[0.95rem] font-medium text-ink hover:bg-navy-50 hover:text-navy-800";
