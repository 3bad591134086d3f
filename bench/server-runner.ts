import { pathToFileURL } from 'node:url'

// Child-process side of the harness: start the given server module and announce its URL on stdout.
const entry = process.argv[2]
const mod = await import(pathToFileURL(entry).href) as { start: () => Promise<{ url: string, urls?: Record<string, string>, close?: () => Promise<void> }> }
const server = await mod.start()
process.stdout.write(JSON.stringify({ url: server.url, urls: server.urls }) + '\n')
process.once('SIGTERM', () => {
  Promise.resolve(server.close?.()).finally(() => process.exit(0))
})
