import { defineConfig } from 'vitest/config'
import { projects } from './vitest.workspace.js'

export default defineConfig({
  ssr: { resolve: { conditions: ['@utility-apis/source', 'node', 'import', 'default'] } },
  resolve: { conditions: ['@utility-apis/source', 'node', 'import', 'default'] },
  test: {
    projects,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    reporters: ['default']
  }
})
