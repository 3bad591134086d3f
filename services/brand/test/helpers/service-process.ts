import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { buildTestApp } from './app.js'

// The brand service alone in a process of its own (forked by test/memory/), so that the memory a test reads is the
// service's, not the test runner's or the fixture sites'. The parent names the fixture hosts in FIXTURE_HOSTS.

/** The most memory this process has held resident (VmHWM), in bytes: a peak no sampling interval can miss. */
function peakRss (): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))
  return match === null ? Number.NaN : Number(match[1]) * 1024
}

const hosts = JSON.parse(process.env.FIXTURE_HOSTS ?? '[]') as string[]
const app = await buildTestApp(hosts, { batchDeadlineMs: 60_000 })
await app.listen({ host: '127.0.0.1', port: 0 })
const send = (message: object): void => { process.send?.(message) }
send({ port: (app.server.address() as AddressInfo).port, rss: process.memoryUsage().rss, peak: peakRss() })
process.on('message', (message) => {
  if (message === 'report') send({ rss: process.memoryUsage().rss, peak: peakRss() })
  if (message === 'close') app.close().then(() => process.exit(0), () => process.exit(1))
})
