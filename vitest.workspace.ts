import { configDefaults, type TestProjectConfiguration } from 'vitest/config'

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

// A test named `*.alone.test.ts` holds a service to a wall-clock bound while it makes a load of its own (ten hostile
// analyses in one browser, a starter app hydrating): beside the rest of the suite on a 2-core machine its process is
// starved for seconds at a time (event-loop delays of 3 s were measured), and the bound would measure the machine.
// Those files run after every other project has finished, one at a time.
const ALONE = '**/*.alone.test.ts'

export const projects: TestProjectConfiguration[] = [
  ...dirs.map((root) => ({
    // `extends: true` makes each project inherit the source condition below
    extends: true as const,
    test: { name: root.split('/')[1], root, include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ALONE], sequence: { groupOrder: 0 } }
  })),
  // Contract tests across the four services
  { extends: true as const, test: { name: 'services', root: '.', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ALONE], sequence: { groupOrder: 0 } } },
  {
    extends: true as const,
    test: { name: 'alone', root: '.', include: [`{packages,services}/*/test/${ALONE}`], fileParallelism: false, sequence: { groupOrder: 1 } }
  }
]
