// @ts-check
/**
 * The API's layers, written once: eslint.config.js turns them into import rules, and
 * docs/decisions/026-api-layers-and-flows.md explains them.
 *
 *   app.ts, plugins/     compose everything; the only place route files are imported from
 *   route files          modules/<m>/routes.ts, modules/<m>/*-routes.ts: may import flows/
 *   flows/               use cases that span modules; import modules, never route files
 *   modules/<m>/         one concern each; import only modules of lower layers, never flows/
 *   lib/, db/            below every module
 */

/**
 * The modules, lowest layer first. A module may import modules of lower layers only (never one of
 * its own layer or above), so modules can never import each other in a circle.
 * A new module goes in the lowest layer above everything it needs.
 */
export const API_MODULE_LAYERS = [
  ['audit', 'config', 'health', 'mail', 'rate-limits'],
  ['accounts'],
  ['back-office'],
  ['images', 'orders', 'search', 'shipping', 'stock'],
  ['catalog', 'checkout', 'customers', 'payments', 'refunds'],
  ['collections'],
  ['admin-products', 'fulfilment', 'privacy', 'reviews', 'seo'],
  ['pages'],
];

const SRC = 'apps/api/src';
const MODULES = `${SRC}/modules`;
/** Route files: they register the HTTP routes of their module (app.ts registers them). */
const ROUTE_FILES = [`${MODULES}/*/routes.ts`, `${MODULES}/*/*-routes.ts`];

/**
 * The zones of import-x/no-restricted-paths that say the same as the layers above (paths are
 * relative to the repository's root, where eslint.config.js is).
 * @param {string[][]} layers
 */
export function apiBoundaryZones(layers = API_MODULE_LAYERS) {
  const layerOf = new Map(layers.flatMap((names, index) => names.map((name) => [name, index])));
  const moduleZones = [...layerOf].flatMap(([name, layer]) => {
    const notBelow = [...layerOf]
      .filter(([other, otherLayer]) => other !== name && otherLayer >= layer)
      .map(([other]) => `./${MODULES}/${other}`);
    return notBelow.length
      ? [
          {
            target: `./${MODULES}/${name}`,
            from: notBelow,
            message: `Module '${name}' may import only modules of lower layers (apps/api/architecture.mjs); a use case that needs a module of its layer or above goes in flows/.`,
          },
        ]
      : [];
  });
  return [
    ...moduleZones,
    {
      target: `./${MODULES}/*/!(routes|*-routes).ts`,
      from: `./${SRC}/flows`,
      message: 'A module never imports flows/ (flows import modules); only route files may.',
    },
    {
      target: [`./${MODULES}`, `./${SRC}/flows`, `./${SRC}/lib`],
      from: ROUTE_FILES.map((glob) => `./${glob}`),
      message:
        'Route files are registered by app.ts only: move what they share to packages/shared (the contract) or to the module.',
    },
    {
      target: `./${SRC}/lib`,
      from: [`./${MODULES}`, `./${SRC}/flows`],
      message: 'lib/ is below every module: it imports no module and no flow.',
    },
  ];
}
