// @ts-check
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_MODULE_LAYERS } from '../apps/api/architecture.mjs';
import { ROOT, problemsOf, withFiles } from './lint-harness.mjs';

const RESTRICTED = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';
const RULES = [RESTRICTED, CYCLE];
// ESLint with the TypeScript resolver reads the project: slow on a shared machine.
const SLOW = 120_000;

describe('the API layers (apps/api/architecture.mjs) in npm run lint', () => {
  it('names every module once', () => {
    const named = API_MODULE_LAYERS.flat();
    expect(new Set(named).size).toBe(named.length);
  });

  it(
    'refuses a module importing one of its own layer or above (the start of a module cycle)',
    async () => {
      // checkout imports orders: orders importing checkout back would close a circle.
      const upward = await problemsOf(
        "import { findOpenCheckoutsOfUser } from '../checkout/service';\nexport const probe = findOpenCheckoutsOfUser;\n",
        'apps/api/src/modules/orders/lint-probe.ts',
        RULES,
      );
      expect(upward).toEqual([expect.objectContaining({ rule: RESTRICTED, line: 1 })]);
      expect(upward[0]?.message).toContain(
        "Module 'orders' may import only modules of lower layers",
      );

      const sibling = await problemsOf(
        "import { findOrder } from '../orders/service';\nexport const probe = findOrder;\n",
        'apps/api/src/modules/stock/lint-probe.ts',
        RULES,
      );
      expect(sibling).toEqual([expect.objectContaining({ rule: RESTRICTED })]);

      const downward = await problemsOf(
        "import { findOrder } from '../orders/service';\nexport const probe = findOrder;\n",
        'apps/api/src/modules/checkout/lint-probe.ts',
        RULES,
      );
      expect(downward).toEqual([]);
    },
    SLOW,
  );

  it(
    'refuses a module importing flows/, and lets its route file',
    async () => {
      const code =
        "import { startCheckout } from '../../flows/checkout';\nexport const probe = startCheckout;\n";
      const fromModule = await problemsOf(code, 'apps/api/src/modules/orders/lint-probe.ts', RULES);
      expect(fromModule).toEqual([expect.objectContaining({ rule: RESTRICTED })]);
      expect(fromModule[0]?.message).toContain('A module never imports flows/');

      for (const routeFile of ['routes.ts', 'lint-probe-routes.ts'])
        expect(await problemsOf(code, `apps/api/src/modules/orders/${routeFile}`, RULES)).toEqual(
          [],
        );
    },
    SLOW,
  );

  it(
    "refuses a file importing another module's route file, and flows importing a route file",
    async () => {
      const code =
        "import { orderRoutes } from '../orders/routes';\nexport const probe = orderRoutes;\n";
      const fromRoutes = await problemsOf(code, 'apps/api/src/modules/refunds/routes.ts', RULES);
      expect(fromRoutes).toEqual([expect.objectContaining({ rule: RESTRICTED })]);
      expect(fromRoutes[0]?.message).toContain('Route files are registered by app.ts only');

      const fromFlow = await problemsOf(
        "import { webhookRoutes } from '../modules/payments/webhook-routes';\nexport const probe = webhookRoutes;\n",
        'apps/api/src/flows/lint-probe.ts',
        RULES,
      );
      expect(fromFlow).toEqual([expect.objectContaining({ rule: RESTRICTED })]);
    },
    SLOW,
  );

  it(
    'refuses a cycle between files',
    async () => {
      const a = 'apps/api/src/flows/lint-probe-a.ts';
      const b = 'apps/api/src/flows/lint-probe-b.ts';
      const problems = await withFiles(
        {
          [a]: "import { b } from './lint-probe-b';\nexport const a = () => b();\n",
          [b]: "import { a } from './lint-probe-a';\nexport const b = (): unknown => a;\n",
        },
        () => problemsOf(readFileSync(path.join(ROOT, a), 'utf8'), a, RULES),
      );
      expect(problems).toEqual([expect.objectContaining({ rule: CYCLE, line: 1 })]);
    },
    SLOW,
  );

  it(
    'passes the API as it is',
    async () => {
      for (const file of ['apps/api/src/app.ts', 'apps/api/src/modules/refunds/routes.ts'])
        expect(await problemsOf(readFileSync(path.join(ROOT, file), 'utf8'), file, RULES)).toEqual(
          [],
        );
    },
    SLOW,
  );
});
