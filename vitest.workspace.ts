import type { TestProjectConfiguration } from 'vitest/config'

// Vitest 4 no longer reads this file by itself: vitest.config.ts imports the list into `test.projects`.
const dirs = [
  'packages/fastapi-errors',
  'packages/auth-quota',
  'packages/service-kit',
  'packages/safe-fetch',
  'packages/html-metadata',
  'packages/homepage-fetch',
  'packages/civil-date',
  'packages/jobs',
  'packages/renderer',
  'services/webhook',
  'services/sla',
  'services/brand',
  'services/site'
]

export const projects: TestProjectConfiguration[] = [
  ...dirs.map((root) => ({
    // `extends: true` makes each project inherit the source condition below
    extends: true as const,
    test: { name: root.split('/')[1], root, include: ['test/**/*.test.ts'] }
  })),
  // Contract tests across the four services
  { extends: true as const, test: { name: 'services', root: '.', include: ['test/**/*.test.ts'] } }
]
