import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Which features a feature may use (through its index.ts); every other edge between features is an
 * error. Edges point one way: a feature never reaches back to one that uses it.
 */
const SERVER_FEATURE_EDGES = {
  safety: [],
  webhooks: [],
  events: ['safety', 'webhooks'],
  notifications: ['safety'],
  profiles: ['events', 'safety'],
  teams: ['events', 'profiles', 'notifications', 'safety', 'webhooks'],
  matching: ['events', 'profiles', 'teams'],
  me: ['events', 'profiles', 'teams', 'notifications'],
  organize: ['events', 'profiles', 'teams', 'notifications', 'safety', 'webhooks'],
  moderation: ['events', 'profiles', 'teams', 'notifications', 'safety', 'organize'],
  grouping: ['events', 'profiles', 'teams', 'notifications', 'safety'],
  tokens: ['events', 'profiles', 'safety'],
};
const WEB_FEATURE_EDGES = {
  account: [],
  auth: [],
  'event-admin': [],
  events: [],
  home: ['events', 'profiles', 'teams'],
  notifications: ['teams', 'moderation'],
  profiles: ['account', 'notifications', 'teams', 'moderation'],
  teams: ['moderation'],
  moderation: [],
  organize: [],
  grouping: [],
};
/** One policy per feature: another feature it may not use is an error naming the allowed ones. */
const featureEdges = (type, edges) =>
  Object.entries(edges).map(([feature, allowed]) => ({
    from: { element: { types: [type], captured: { feature } } },
    to: { element: { types: [type] } },
    dependency: { relationship: { to: null } },
    disallow: { to: { element: { captured: { feature: allowed.length ? `!{${[feature, ...allowed].join(',')}}` : `!${feature}` } } } },
    message: `Feature edges point one way: ${feature} may use ${allowed.length ? allowed.join(', ') : 'no other feature'} (eslint.config.js).`,
  }));

/** Which feature owns which tables: only that feature's repositories read and write them. */
const TABLES = {
  auth: ['users', 'sessions', 'accounts', 'verifications', 'appSettings'],
  profiles: ['profiles', 'profileAvatars', 'skills', 'profileSkills'],
  teams: ['teams', 'teamMembers', 'joinRequests', 'teamInvitations'],
  notifications: ['notifications'],
  events: ['events', 'eventStaff', 'registrations'],
  organize: ['announcements', 'announcementRecipients', 'deskRecords'],
  grouping: ['groupingOptIns', 'groupingAvoids', 'groupingTeamOptIns', 'groupingRuns', 'groupingGroups', 'groupingMembers'],
  safety: ['blocks', 'contactSettings', 'sendCounts', 'bans', 'hiddenContent'],
  moderation: ['reports', 'moderationActions'],
  tokens: ['apiTokens'],
  webhooks: ['webhooks', 'webhookDeliveries'],
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

  // ---------- features: one-way edges, each through the other's public entry (index.ts) ----------
  {
    files: ['src/**/*'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      // Imports are relative paths to .ts/.tsx files; the node resolver finds them with these extensions.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // no-cycle reads the imported files too: with the TypeScript parser, or it sees no imports in them.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'boundaries/elements': [
        { type: 'web-feature', pattern: 'src/web/features/*', capture: ['feature'] },
        { type: 'server-feature', pattern: 'src/server/features/*', capture: ['feature'] },
        { type: 'web-shell', pattern: 'src/web/app' },
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
            ...featureEdges('server-feature', SERVER_FEATURE_EDGES),
            ...featureEdges('web-feature', WEB_FEATURE_EDGES),
            {
              from: { element: { types: ['web-feature'] } },
              disallow: { to: { element: { types: ['web-shell'] } } },
              message:
                'The app shell (src/web/app) composes features; a feature never imports it. Shared pieces go to src/web/components or lib.',
            },
          ],
        },
      ],
      // Edges one way are not enough if a chain comes back around: no import cycles anywhere.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
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
