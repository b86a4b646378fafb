import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseSync, transformWithOxc } from 'vite';
import type { ESTree, Plugin } from 'vite';

const SHARED_SRC = fileURLToPath(new URL('../../../packages/shared/src/', import.meta.url));
const PART_QUERY = '?shared-part=';
type SharedPart = 'rules' | 'schemas';

/** The names a node reads: identifiers, but not property names or object keys. */
function namesIn(node: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const child of node) namesIn(child, names);
  } else if (node && typeof node === 'object') {
    const n = node as Record<string, unknown> & { type?: string };
    if (n.type === 'Identifier') names.add(n.name as string);
    for (const [key, child] of Object.entries(n)) {
      if (key === 'property' && n.type === 'MemberExpression' && !n.computed) continue;
      if (
        key === 'key' &&
        (n.type === 'Property' || n.type === 'PropertyDefinition') &&
        !n.computed
      )
        continue;
      namesIn(child, names);
    }
  }
  return names;
}

/**
 * Splits a module of packages/shared into its rules (constants and functions) and its zod
 * schemas: every top-level statement that uses zod, or a schema of the same module, is a schema.
 * The schemas part imports what it needs of the rules part; both keep the original imports
 * (unused ones are dropped by the bundler).
 */
export async function splitSharedModule(
  file: string,
): Promise<Record<SharedPart, string> & { schemaExports: string[] }> {
  const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
  const { program, errors } = parseSync(`${file}.js`, code, { sourceType: 'module' });
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]!.message}`);

  const imports: string[] = [];
  /** zod itself, and the schemas (or schema builders) imported from other shared modules. */
  const zodNames = new Set<string>();
  const statements: {
    text: string;
    declares: string[];
    reads: Set<string>;
    exported: boolean;
    /** The names an export list (`export { a, b as c };`) makes public. */
    exportsAs?: string[];
  }[] = [];
  for (const statement of program.body) {
    const text = code.slice(statement.start, statement.end);
    if (statement.type === 'ImportDeclaration') {
      imports.push(text);
      const source = String(statement.source.value);
      if (source === 'zod') {
        for (const specifier of statement.specifiers) zodNames.add(specifier.local.name);
      } else if (source.startsWith('./')) {
        const { schemaExports } = await splitSharedModule(
          fileURLToPath(new URL(`${source}.ts`, pathToFileURL(file))),
        );
        for (const specifier of statement.specifiers)
          if (
            specifier.type === 'ImportSpecifier' &&
            schemaExports.includes(
              specifier.imported.type === 'Identifier'
                ? specifier.imported.name
                : String(specifier.imported.value),
            )
          )
            zodNames.add(specifier.local.name);
      }
      continue;
    }
    if (
      statement.type === 'ExportNamedDeclaration' &&
      !statement.declaration &&
      !statement.source
    ) {
      // An export list of names declared or imported here (accounts.ts passes on USER_ROLES): it
      // goes with what it exports, a schema's into the schemas part, anything else the rules'.
      const specifiers = statement.specifiers.map((specifier) => ({
        local: specifier.local.type === 'Identifier' ? specifier.local.name : '',
        exported:
          specifier.exported.type === 'Identifier'
            ? specifier.exported.name
            : String(specifier.exported.value),
      }));
      statements.push({
        text,
        declares: [],
        reads: new Set(specifiers.map((specifier) => specifier.local)),
        exported: true,
        exportsAs: specifiers.map((specifier) => specifier.exported),
      });
      continue;
    }
    const exported = statement.type === 'ExportNamedDeclaration';
    const declaration: ESTree.Node | null | undefined = exported
      ? statement.declaration
      : statement;
    const declares: string[] = [];
    if (declaration?.type === 'VariableDeclaration') {
      for (const declarator of declaration.declarations) {
        if (declarator.id.type !== 'Identifier') throw new Error(`${file}: unsupported ${text}`);
        declares.push(declarator.id.name);
      }
    } else if (
      (declaration?.type === 'FunctionDeclaration' || declaration?.type === 'ClassDeclaration') &&
      declaration.id
    ) {
      declares.push(declaration.id.name);
    } else {
      // Anything else (re-exports, default exports, top-level side effects) is not split.
      throw new Error(`${file}: splitSharedModule does not handle: ${text.slice(0, 80)}`);
    }
    statements.push({ text, declares, reads: namesIn(declaration), exported });
  }

  const schemaNames = new Set<string>();
  const isSchema = new Set<(typeof statements)[number]>();
  for (let changed = true; changed;) {
    changed = false;
    for (const statement of statements) {
      if (isSchema.has(statement)) continue;
      if ([...statement.reads].some((name) => zodNames.has(name) || schemaNames.has(name))) {
        isSchema.add(statement);
        for (const name of statement.declares) schemaNames.add(name);
        changed = true;
      }
    }
  }

  const rules = statements.filter((statement) => !isSchema.has(statement));
  const schemas = statements.filter((statement) => isSchema.has(statement));
  const ruleNames = rules.flatMap((statement) => statement.declares);
  const neededRules = ruleNames.filter((name) => schemas.some((s) => s.reads.has(name)));
  const privateRules = rules
    .filter((statement) => !statement.exported)
    .flatMap((statement) => statement.declares)
    .filter((name) => neededRules.includes(name));
  const rulesId = JSON.stringify(`${file}${PART_QUERY}rules`);
  return {
    schemaExports: schemas
      .filter((statement) => statement.exported)
      .flatMap((statement) => statement.exportsAs ?? statement.declares),
    rules: [
      ...imports,
      ...rules.map((statement) => statement.text),
      privateRules.length ? `export { ${privateRules.join(', ')} };` : '',
    ].join('\n'),
    schemas: [
      ...imports,
      neededRules.length ? `import { ${neededRules.join(', ')} } from ${rulesId};` : '',
      ...schemas.map((statement) => statement.text),
    ].join('\n'),
  };
}

/**
 * The shared modules mix business rules (prices, stock, cart lines) with the zod schemas of the
 * API contract. The storefront's first page needs some of the rules but none of the schemas, yet
 * a module is never split across chunks, so any schema used by a later page would bring zod into
 * the first load. In the build each shared module becomes a facade over two parts, the rules and
 * the schemas, and only the parts that are used are loaded where they are used. Nothing changes
 * for the code that imports them; tests and the dev server use the modules as they are.
 */
export function splitSharedSchemas(): Plugin {
  const parts = new Map<string, Promise<Record<SharedPart, string>>>();
  return {
    name: 'split-shared-schemas',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      const [file = '', query] = id.split('?', 2);
      if (!file.startsWith(SHARED_SRC) || !file.endsWith('.ts') || file.endsWith('.test.ts'))
        return null;
      if (query === undefined) {
        const code = (['rules', 'schemas'] as const)
          .map((part) => `export * from ${JSON.stringify(`${file}${PART_QUERY}${part}`)};`)
          .join('\n');
        return { code, moduleSideEffects: false };
      }
      const part = new URLSearchParams(query).get('shared-part') as SharedPart | null;
      if (part !== 'rules' && part !== 'schemas') return null;
      if (!parts.has(file)) parts.set(file, splitSharedModule(file));
      return { code: (await parts.get(file)!)[part], moduleSideEffects: false };
    },
  };
}
