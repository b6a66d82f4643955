// ESLint (flat config): typescript-eslint's recommended rules for the whole repository, and no
// console in the core and the language server (stdout is the protocol there; log through the connection).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const node = Object.fromEntries(
  [
    'process',
    'require',
    'module',
    '__dirname',
    'console',
    'Buffer',
    'URL',
    'setTimeout',
    'clearTimeout',
    'setImmediate',
    'performance',
  ].map((name) => [name, 'readonly']),
);

export default tseslint.config(
  { ignores: ['**/dist/**', 'node_modules/**', '.tmp/**', '**/*.vsix'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.mjs', '**/*.cjs', '**/*.js'], languageOptions: { globals: node } },
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    rules: {
      // Escaping and matching control characters is what several of our expressions are for.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // strtod's tests write decimal literals past double precision on purpose.
  { files: ['test/**/cvalues.test.ts'], rules: { 'no-loss-of-precision': 'off' } },
  { files: ['server/src/core/**/*.ts', 'server/src/lsp/**/*.ts'], rules: { 'no-console': 'error' } },
);
