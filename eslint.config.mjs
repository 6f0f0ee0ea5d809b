// @ts-check
// One lint for the product: type-aware TypeScript everywhere, Astro components (and their <script>s), the
// React islands' hooks and the accessibility rules for JSX and Astro templates. `npm run lint` runs it with
// zero warnings allowed; `npm test` runs it first.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      '.astro/',
      'data/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
      'public/',
      // Its own package, with its own dependencies and checks (`npm run check --prefix tools/artwork`).
      'tools/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname, extraFileExtensions: ['.astro'] },
    },
    rules: {
      // Numbers and booleans read fine in template strings; objects and undefined do not.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // `_name` marks a value taken apart on purpose (`const { dropped: _dropped, ...rest }`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // Interfaces and types are both used for object shapes; each file is consistent with itself.
      '@typescript-eslint/consistent-type-definitions': 'off',
      // Arrow bodies that return a call for its effect (`() => void send()`) are clearer than braces.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // `readonly string[]` for simple element types, `ReadonlyArray<{ … }>` for object literals.
      '@typescript-eslint/array-type': ['error', { default: 'array-simple', readonly: 'array-simple' }],
      // It asks for `value!`, which no-non-null-assertion forbids in product code: an `as` says what is known.
      '@typescript-eslint/non-nullable-type-assertion-style': 'off',
      // An empty string falls back on purpose (`value.trim() || fallback`): `??` would keep it.
      '@typescript-eslint/prefer-nullish-coalescing': ['error', { ignorePrimitives: { string: true } }],
    },
  },
  {
    files: ['**/*.tsx'],
    // The a11y plugin ships no types of its own.
    plugins: {
      'react-hooks': reactHooks,
      'jsx-a11y-x': /** @type {import('eslint').ESLint.Plugin} */ (/** @type {unknown} */ (jsxA11y)),
    },
    rules: { ...reactHooks.configs.flat.recommended.rules, ...jsxA11y.configs.recommended.rules },
  },
  ...astro.configs['flat/recommended'],
  ...astro.configs['flat/jsx-a11y-recommended'],
  {
    files: ['**/*.astro'],
    rules: {
      // TypeScript resolves names in components (globals such as `ImageMetadata` included).
      'no-undef': 'off',
    },
  },
  {
    // Tests and scripts are Node; their non-null assertions on fixtures they built themselves are fine.
    files: ['**/*.test.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'tools/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['**/*.test.ts'],
    rules: {
      // Asymmetric matchers (`expect.stringContaining`) are typed `any` by the test runner.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      // Teardown guards (`await server?.close()`) stay safe when a `beforeAll` failed half-way.
      '@typescript-eslint/no-unnecessary-condition': 'off',
    },
  },
  {
    // Components are type-checked by `astro check` (`npm run check`); type-aware linting of .astro files
    // would build a program per component and multiply the lint's time for little more.
    files: ['**/*.mjs', '**/*.astro', '**/*.astro/*.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
);
