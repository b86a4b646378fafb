// The storefront's import boundaries (eslint.config.js, docs/decisions/029) each catch a planted
// violation: code linted as if it were a file of apps/web/src, through ESLint's Node API.
import { describe, expect, it, vi } from 'vitest';
import { problemsOf, withFiles } from './lint-harness.mjs';

// The first lint reads the storefront's import graph for no-cycle: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const RULES = ['import-x/no-restricted-paths', 'import-x/no-cycle'];

/** The rule ids and messages the boundary rules report for `code` as the file `file` (under apps/web/src). */
async function lint(file, code) {
  const problems = await problemsOf(code, `apps/web/src/${file}`, RULES);
  return problems.map(({ rule, message }) => ({ ruleId: rule, message }));
}

const restricted = (message) => ({
  ruleId: 'import-x/no-restricted-paths',
  message: expect.stringContaining(message),
});

describe('a feature keeps to itself and to the features below it', () => {
  it("fails on a feature reaching into another feature's files", async () => {
    expect(
      await lint(
        'features/layout/components/planted.ts',
        "export { useLogout } from '../../account/hooks/use-logout';\n",
      ),
    ).toEqual([restricted('through its public entry (features/account/index.ts)')]);
  });

  it("passes the same import through the other feature's public entry", async () => {
    expect(
      await lint(
        'features/layout/components/planted.ts',
        "export { useLogout } from '../../account';\n",
      ),
    ).toEqual([]);
  });

  it('fails on a feature importing a feature above it, even through its entry', async () => {
    expect(
      await lint('features/checkout/planted.ts', "export { OrderStatusLabel } from '../orders';\n"),
    ).toEqual([restricted('features/checkout sits below')]);
  });

  it('fails on a feature importing the app layer', async () => {
    expect(
      await lint('features/cart/planted.ts', "export { createStore } from '../../app/store';\n"),
    ).toEqual([restricted('Features never import the app layer')]);
  });
});

describe('the shared layers import no feature and no app file', () => {
  it('fails on lib/ importing a feature, even through its entry', async () => {
    expect(
      await lint('lib/planted.ts', "export { productsApi } from '../features/catalog';\n"),
    ).toEqual([restricted('they import no feature and no app file')]);
  });

  it('fails on components/ importing the app layer', async () => {
    expect(
      await lint('components/ui/planted.ts', "export { createStore } from '../../app/store';\n"),
    ).toEqual([restricted('they import no feature and no app file')]);
  });

  it('fails on lib/ importing stores/', async () => {
    expect(
      await lint('lib/planted.ts', "export { useAppSelector } from '../stores/hooks';\n"),
    ).toEqual([restricted('lib/ and components/ sit below stores/')]);
  });
});

describe('no import cycle in apps/web/src', () => {
  it('fails on two modules importing each other', async () => {
    // Two real files, so the resolver finds each from the other; removed after the test.
    const a = "import { b } from './b';\nexport const a = () => b;\n";
    const problems = await withFiles(
      {
        'apps/web/src/lib/planted-cycle/a.ts': a,
        'apps/web/src/lib/planted-cycle/b.ts':
          "import { a } from './a';\nexport const b = () => a;\n",
      },
      () => lint('lib/planted-cycle/a.ts', a),
    );
    expect(problems).toEqual([
      { ruleId: 'import-x/no-cycle', message: expect.stringContaining('Dependency cycle') },
    ]);
  });
});
