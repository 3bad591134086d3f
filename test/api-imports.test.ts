import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import { ROOT } from './helpers/services.js'

const run = promisify(execFile)

// An API process without Redis never runs a job: BullMQ (about 15 MB of RSS at start) loads with the job engine only.
// Imported in a process of its own, as main.ts does, since vitest's own loader would hide what Node loads.
async function commonJsModulesLoadedBy (entry: string): Promise<string[]> {
  const script = `import { createRequire } from 'node:module'
await import(${JSON.stringify(entry)})
console.log(JSON.stringify(Object.keys(createRequire(import.meta.url).cache)))`
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--conditions=@utility-apis/source', '--input-type=module', '-e', script], { cwd: ROOT })
  return JSON.parse(stdout) as string[]
}

describe.each(['brand', 'site'])('%s API process', (service) => {
  test('loads no BullMQ: the job engine comes with Redis', async () => {
    const loaded = await commonJsModulesLoadedBy(`./services/${service}/src/app.ts`)
    expect(loaded.length).toBeGreaterThan(50)
    expect(loaded.filter((path) => path.includes('/bullmq/'))).toEqual([])
  }, 60_000)
})
