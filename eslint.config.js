import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const noSql = { name: 'kysely', message: 'SQL lives in repositories/.' };
const layerRule = (paths, patterns) => ['error', { paths, patterns }];
const noHttp = {
  regex: '(^|/)(http|routes)(/|$)',
  message: 'Imports point one way (routes -> services -> repositories): this layer must not know about HTTP.',
};
const clockMessage = 'Read the time from the injected clock: isoNow(clock), or clock.now().';
const wallClock = [
  {
    selector: "MemberExpression[object.name='Date'][property.name='now']",
    message: clockMessage,
  },
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: clockMessage },
];
const noServices = {
  regex: '(^|/)services(/|$)',
  message: 'Repositories serve services, never the other way round.',
};

/**
 * Web features stand alone: a feature may use components/, api/ (the client and hooks several features share)
 * and lib/, never another feature's files, so each
 * can change or go without breaking the others. A file N folders below its feature reaches a sibling feature
 * through N+1 `../`, or through a path naming `features/<other>`. Nor does a feature import app/ (N+2 `../`):
 * the app composes the features, so such an import runs back up; what both need lives in lib/ or components/.
 */
const WEB_FEATURES = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const featureIsolation = WEB_FEATURES.flatMap((feature) => {
  const others = WEB_FEATURES.filter((other) => other !== feature)
    .map(escapeRegex)
    .join('|');
  if (!others) return [];
  return [0, 1, 2, 3].map((depth) => ({
    files: [`apps/web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': layerRule(
        [],
        [
          {
            regex: `^(\\.\\./){${depth + 1}}(${others})(/|$)|(^|/)features/(${others})(/|$)`,
            message: `A feature does not import another feature (${feature}): move what both need to components/ or api/.`,
          },
          {
            regex: `^(\\.\\./){${depth + 2}}app(/|$)|(^|/)src/app(/|$)`,
            message: 'A feature does not import app/: move what both need to lib/ or components/.',
          },
        ],
      ),
    },
  }));
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests read JSON answers whose shape is what they assert; typing every one would only restate the assertion.
    files: ['**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Only repositories and the db layer speak SQL.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/repositories/**', 'apps/server/src/db/**'],
    rules: { 'no-restricted-imports': layerRule([noSql], []) },
  },
  {
    files: ['apps/server/src/services/**/*.ts'],
    rules: { 'no-restricted-imports': layerRule([noSql], [noHttp]) },
  },
  {
    files: ['apps/server/src/repositories/**/*.ts'],
    rules: { 'no-restricted-imports': layerRule([], [noHttp, noServices]) },
  },
  {
    // Rules read the time from the injected clock (services/clock.ts), which tests move; the clock module
    // itself is where the real time comes in.
    files: ['apps/server/src/services/**/*.ts', 'apps/server/src/repositories/**/*.ts'],
    ignores: ['apps/server/src/services/clock.ts'],
    rules: { 'no-restricted-syntax': ['error', ...wallClock] },
  },
  ...featureIsolation,
  {
    // lib/ is browser utilities, the ground floor: talking to the API belongs in api/ or a feature's api/, and
    // lib/ knows no feature and no part of app/.
    files: ['apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': layerRule(
        [],
        [
          {
            regex: '(^|/)(features|api|app)(/|$)',
            message: 'lib/ holds browser utilities; API code lives in api/, screens in features/ and app/.',
          },
        ],
      ),
    },
  },
);
