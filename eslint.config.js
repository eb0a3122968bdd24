import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The boundary between client and server (docs/architecture.md): the client may import server types only.
const SERVER_TYPES_ONLY = { group: ['**/server/**'], allowTypeImports: true, message: 'The client never imports the server.' };

/**
 * The client's floors (docs/architecture.md, "Client layout"), lowest first: src/shared; lib/ and ui/; features/;
 * app/, then the entries beside it (main.tsx, app-start.tsx, landing-start.tsx, prerender.tsx). A file imports from
 * its own floor and the floors below it, and a feature imports no other feature: what two features need moves down
 * to lib/ or ui/, or app/ puts them together. `may`: the folders of src/client a floor's files may import from.
 */
const CLIENT_FLOORS = {
  lib: { may: ['lib'], message: 'lib/ imports only lib/ and src/shared (docs/architecture.md, "Client layout").' },
  ui: { may: ['ui', 'lib'], message: 'ui/ imports only ui/, lib/ and src/shared (docs/architecture.md, "Client layout").' },
  features: {
    may: ['lib', 'ui', 'styles'],
    message: 'A feature imports only its own files, lib/, ui/, styles/ and src/shared (docs/architecture.md, "Client layout").',
  },
  // What the client's tests share (drawing a screen in a DOM): the tests of every floor may import it, its code not.
  test: { may: ['test', 'lib', 'ui'], message: 'test/ imports only test/, lib/, ui/ and src/shared.' },
};
const OTHER_FEATURE =
  "A feature imports no other feature's files: move what both need down to lib/ or ui/, or put them together in app/ " +
  '(docs/architecture.md, "Client layout").';
/** How deep below src/client a file may sit for the rules to know where it is. */
const CLIENT_DEPTHS = [1, 2, 3, 4, 5, 6];

/**
 * An import that climbs exactly `steps` folders and then goes down, as a regular expression over what the import
 * says; `slash` is how the expression writes "/" (a selector's expression may not contain one).
 */
function climbs(steps, slash = '/') {
  return `^(\\.\\.${slash}){${steps}}(?!\\.\\.${slash})`;
}

/**
 * ESLint's no-restricted-imports reads what an import says, not the file it finds, so the rules count the steps up:
 * from a file `depth` folders below src/client, `depth` steps up reach src/client, where the next folder is the floor
 * imported from; from a feature's file, one step fewer reaches features/, where the next folder is another feature.
 * Lazily loaded modules (`import('…')`) are held to the same rules by no-restricted-syntax.
 */
function clientFloorRules(floor, depth, tests) {
  const { may: runtime, message } = CLIENT_FLOORS[floor];
  const may = tests ? [...new Set([...runtime, 'test'])] : runtime;
  const rules = [{ regex: `${climbs(depth)}(?!(${may.join('|')})/)`, steps: depth, may, message }];
  if (floor === 'features') rules.push({ regex: climbs(depth - 1), steps: depth - 1, message: OTHER_FEATURE });
  const selector = ({ steps, may: allowed }) =>
    `ImportExpression[source.value=/${climbs(steps, '\\x2F')}${allowed ? `(?!(${allowed.join('|')})\\x2F)` : ''}/]`;
  return {
    files: [`src/client/${floor}/${'*/'.repeat(depth - 1)}*.${tests ? 'test.' : ''}{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [SERVER_TYPES_ONLY, ...rules.map(({ regex, message: text }) => ({ regex, message: text }))] },
      ],
      'no-restricted-syntax': ['error', ...rules.map((rule) => ({ selector: selector(rule), message: rule.message }))],
    },
  };
}

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'public/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [SERVER_TYPES_ONLY] }],
    },
  },
  ...Object.keys(CLIENT_FLOORS).flatMap((floor) =>
    CLIENT_DEPTHS.flatMap((depth) => [clientFloorRules(floor, depth, false), clientFloorRules(floor, depth, true)]),
  ),
  {
    // A route reads and checks the request, calls a service and answers (docs/architecture.md): no SQL of its own.
    files: ['src/server/**/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', allowTypeImports: true, message: 'Routes call services; SQL lives in repositories.' }],
          patterns: [
            {
              group: ['**/repository', '**/db/connect', '**/db/schema'],
              allowTypeImports: true,
              message: 'Routes call services; SQL lives in repositories.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/client/**'], message: 'src/shared runs in both places.' }] },
      ],
    },
  },
);
