import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { splitSharedModule } from './split-shared-schemas';

const shared = (file: string) =>
  fileURLToPath(new URL(`../../../packages/shared/src/${file}`, import.meta.url));

describe('splitSharedModule', () => {
  it('keeps the rules of a mixed module apart from its zod schemas', async () => {
    const { rules, schemas } = await splitSharedModule(shared('login-cooldown.ts'));
    expect(rules).toContain('function formatMinutesSeconds');
    expect(rules).toContain('const LOGIN_COOLDOWN_SECONDS');
    expect(rules).not.toMatch(/\bz\.object\(/);
    expect(schemas).toContain('const cooldownStateSchema');
    expect(schemas).not.toContain('function formatMinutesSeconds');
  });

  it('lets a schema import the rules it reads from the rules part', async () => {
    const { rules, schemas } = await splitSharedModule(shared('catalog.ts'));
    expect(rules).toContain('const LINE_SIZES');
    expect(schemas).toContain('const countInStockSchema');
    expect(schemas).toMatch(/import \{[^}]*\} from ".*catalog\.ts\?shared-part=rules";/);
  });

  it('counts a schema built with another shared module’s schema builder as a schema', async () => {
    // accounts.ts builds nameSchema with text.ts's singleLineText: it must not land in the rules
    // part, which the first page loads, or zod comes with it.
    const { rules, schemas } = await splitSharedModule(shared('accounts.ts'));
    expect(rules).toContain('ACCOUNT_MESSAGES');
    expect(rules).not.toContain('nameSchema');
    expect(schemas).toContain('nameSchema');
  });

  it('passes an export list on with the part of what it names', async () => {
    // A module that passes on a rule it imports (USER_ROLES): the first page reads it without zod.
    const dir = mkdtempSync(path.join(tmpdir(), 'split-'));
    writeFileSync(path.join(dir, 'roles.ts'), "export const USER_ROLES = ['customer'] as const;");
    const file = path.join(dir, 'roles-user.ts');
    writeFileSync(
      file,
      [
        "import { z } from 'zod';",
        "import { USER_ROLES } from './roles';",
        'export const userRoleSchema = z.enum(USER_ROLES);',
        'export { USER_ROLES };',
      ].join('\n'),
    );
    const { rules, schemas, schemaExports } = await splitSharedModule(file);
    expect(rules).toMatch(/export \{ USER_ROLES \};/);
    expect(schemas).not.toMatch(/export \{ USER_ROLES \};/);
    expect(schemaExports).not.toContain('USER_ROLES');
  });

  it('puts a module without zod wholly in its rules part', async () => {
    const { rules, schemas } = await splitSharedModule(shared('pricing.ts'));
    expect(rules).toContain('export function');
    expect(schemas).not.toContain('export');
  });
});
