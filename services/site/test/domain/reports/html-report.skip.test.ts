import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const run = promisify(execFile)
const REPO = fileURLToPath(new URL('../../../../../', import.meta.url))

// A machine without chromium runs the suite without the browser tests, and says so, and why, in the output.
it('the browser tests print that they were skipped, and why, where chromium is missing (and CI is not set)', async () => {
  const env: Record<string, string | undefined> = { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium', CI: '' }
  delete env.VITEST
  delete env.VITEST_POOL_ID
  delete env.VITEST_WORKER_ID
  const { stdout, stderr } = await run('pnpm', ['exec', 'vitest', 'run', '--project', 'site', 'test/domain/reports/html-report.test.ts'],
    { cwd: REPO, env, timeout: 60_000 })
  const output = stdout + stderr
  expect(output).toMatch(/Skipped the HTML report's browser tests: no chromium at \/nonexistent\/chromium/)
  expect(output).toMatch(/\d+ skipped/)
}, 90_000)
