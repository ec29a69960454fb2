import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

/** Only repositories touch the database (ARCHITECTURE rule 2); type imports (Executor, Db) are fine. */
const DATABASE_LAYER = {
  group: [
    '**/db/client',
    '**/db/schema',
    '**/db/schema/*',
    '**/db/prepared',
    'drizzle-orm',
    'drizzle-orm/*',
    'pg',
  ],
  allowTypeImports: true,
  message: 'Only *.repository.ts touches the database (ARCHITECTURE rule 2): call a repository.',
};
/** Routes are a schema plus one service call (rule 1): never a repository. */
const REPOSITORIES = {
  group: ['**/*.repository'],
  message: 'A route calls its service, never a repository (ARCHITECTURE rule 1).',
};

/** The web app's features (apps/web/src/features/<name>). */
const FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/**
 * A web feature uses another only through its entry file (index.ts), and nothing under features/
 * imports app/ (ARCHITECTURE rule 9).
 */
const WEB_ZONES = [
  ...FEATURES.flatMap((f) =>
    FEATURES.filter((g) => g !== f).map((g) => ({
      target: `./apps/web/src/features/${f}`,
      from: `./apps/web/src/features/${g}`,
      except: ['./index.ts'],
      message: `Use what the ${g} feature exports from its index.ts.`,
    })),
  ),
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'Features do not import app/: move what they share to components/, lib/ or hooks/.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules', '**/dist', '**/.tsbuild', 'data', 'apps/server/src/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'tsconfig.json'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // No import cycles (ARCHITECTURE rule 9); type-only imports vanish at run time.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
    },
  },
  {
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: WEB_ZONES }] },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/components/Select.tsx', 'apps/web/src/**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/core',
              importNames: ['Select'],
              message: "Use components/Select: it draws a select's list only once the field has had focus.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/db/**',
      // A report is a definition with its one SQL query (issue 12 §3); only the reports repository runs it.
      'apps/server/src/modules/reports/definitions/**',
      'apps/server/src/test/**',
      'apps/server/src/**/*.test.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [DATABASE_LAYER] }] },
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DATABASE_LAYER, REPOSITORIES] }] },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked, languageOptions: { globals: globals.node } },
);
