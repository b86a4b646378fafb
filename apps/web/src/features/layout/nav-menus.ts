export type NavItem = {
  to: string;
  label: string;
  /** The sidebar's wording, where it differs. */ mobileLabel?: string;
};
export type NavMenu = { label: string; items: NavItem[] };

/** The header's category menus (spec: Header). */
export const NAV_MENUS: NavMenu[] = [
  { label: 'Men', items: [{ to: '/tshirts', label: 'Shirts' }] },
  { label: 'Women', items: [{ to: '/tshirts', label: 'Shirts' }] },
  {
    label: 'Accessories',
    items: [
      { to: '/totes', label: 'Totes' },
      { to: '/belts', label: 'Belts', mobileLabel: 'Straps' },
    ],
  },
];

/** The header's menu of the collections the owner picked, after the categories' (none if none). */
export function withCollections(
  menus: NavMenu[],
  collections: { handle: string; name: string }[] | undefined,
  pathOf: (handle: string) => string,
): NavMenu[] {
  if (!collections?.length) return menus;
  return [
    ...menus,
    {
      label: 'Collections',
      items: collections.map((entry) => ({ to: pathOf(entry.handle), label: entry.name })),
    },
  ];
}
