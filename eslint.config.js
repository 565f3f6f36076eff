import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Which feature owns which tables: only that feature's repositories read and write them. */
const TABLES = {
  auth: ['users', 'sessions', 'accounts', 'verifications', 'appSettings'],
  profiles: ['profiles', 'profileAvatars', 'skills', 'profileSkills'],
  teams: ['teams', 'teamMembers', 'joinRequests', 'teamInvitations'],
  notifications: ['notifications'],
};
const tablesNotOwnedBy = (owner) =>
  Object.entries(TABLES)
    .filter(([name]) => name !== owner)
    .flatMap(([, tables]) => tables);
/** Where a table may be touched: repositories (and the avatar store), the database layer, better-auth's adapter, tests. */
const REPOSITORIES = [
  'src/server/**/*.repo.ts',
  'src/server/**/*-store.ts',
  'src/server/db/**',
  'src/server/auth/auth.ts',
  'src/server/**/*.test.ts',
  'src/server/testing/**',
];
const restrictTables = (importNames, message) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    { patterns: [{ group: ['**/db/schema'], importNames, allowTypeImports: true, message }] },
  ],
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', '.e2e-*', 'test-results', 'playwright-report', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },

  // ---------- layers: web and server share only src/shared ----------
  {
    files: ['src/web/**/*'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    files: ['src/server/**/*'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/web/**'] }] },
  },
  {
    files: ['src/shared/**/*'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/web/**', '**/server/**'] }] },
  },

  // ---------- features: another feature only through its public entry (index.ts) ----------
  {
    files: ['src/web/**/*', 'src/server/**/*'],
    plugins: { boundaries },
    settings: {
      // Imports are relative paths to .ts/.tsx files; the node resolver finds them with these extensions.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'web-feature', pattern: 'src/web/features/*', capture: ['feature'] },
        { type: 'server-feature', pattern: 'src/server/features/*', capture: ['feature'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { types: ['web-feature', 'server-feature'] } },
              to: { element: { types: ['web-feature', 'server-feature'] } },
              // Not within the same feature (that relationship is 'internal').
              dependency: { relationship: { to: null } },
              disallow: { to: { element: { fileInternalPath: '!index.ts' } } },
              message:
                'A feature uses another feature only through its public entry (its index.ts); move what both need one level up, or export it there.',
            },
          ],
        },
      ],
    },
  },

  // ---------- tables: touched only in their owner's repositories ----------
  {
    files: ['src/server/**/*.ts'],
    ignores: REPOSITORIES,
    rules: restrictTables(undefined, 'Tables are read and written in repositories (*.repo.ts) only; call the repository instead.'),
  },
  ...Object.keys(TABLES).map((owner) => {
    const folder = owner === 'auth' ? 'src/server/auth' : `src/server/features/${owner}`;
    return {
      files: [`${folder}/**/*.repo.ts`, `${folder}/**/*-store.ts`, ...(owner === 'auth' ? [`${folder}/auth.ts`] : [])],
      rules: restrictTables(
        tablesNotOwnedBy(owner),
        'These tables belong to another feature: use its public entry (features/<name>/index.ts) instead.',
      ),
    };
  }),
);
