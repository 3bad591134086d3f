import neostandard from 'neostandard'

export default [
  ...neostandard({ ts: true, ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'test/openapi-client/generated/**'] }),
  // Source lines a reader can take in at once; tests may hold longer literal fixtures.
  {
    files: ['packages/*/src/**/*.ts', 'services/*/src/**/*.ts', 'bench/**/*.ts', 'services/*/bench/**/*.ts'],
    rules: { '@stylistic/max-len': ['error', { code: 160, tabWidth: 2 }] }
  },
  // Functions a reader takes in at once: at most 80 code lines (blank lines and comments not counted).
  {
    files: ['packages/*/src/**/*.ts', 'services/*/src/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] }
  }
]
