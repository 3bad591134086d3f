import { createSafeFetcher } from '@utility-apis/safe-fetch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_UNREAD_FILES, noteUnreadFiles } from '../../src/domain/unread-files.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'

// The real safe fetcher against a real fixture site: which failures a retry may not meet, and which are the site's answer.

let server: FixtureServer
let fetcher: ReturnType<typeof createSafeFetcher>

beforeAll(async () => {
  server = await startFixtureServer({
    'files.test': {
      '/ok.css': { body: 'a{}' },
      '/busy.png': { status: 503, body: 'busy' },
      '/slow.png': { delayMs: 2000, body: 'late' },
      '/not-implemented': { status: 501, body: 'no' }
    }
  })
  fetcher = createSafeFetcher({ allowCidrs: ['127.0.0.1/32'], hostMap: { 'files.test': '127.0.0.1', 'private.test': '127.0.0.2' } })
})

afterAll(async () => {
  await fetcher?.close()
  await server?.close()
})

const url = (path: string, host = 'files.test') => `${server.origin(host)}${path}`
const attempt = async (notes: ReturnType<typeof noteUnreadFiles>, target: string, options = {}) =>
  await notes.fetcher.fetch(target, { timeoutMs: 300, ...options }).then((response) => response.status, (error: Error) => error.name)

describe('noteUnreadFiles', () => {
  it('notes a 503 and a timeout, each once, and passes every answer and error on unchanged', async () => {
    const notes = noteUnreadFiles(fetcher)
    expect(await attempt(notes, url('/busy.png'))).toBe(503)
    expect(await attempt(notes, url('/busy.png'))).toBe(503)
    expect(await attempt(notes, url('/slow.png'))).toBe('FetchError')
    expect(notes.unread).toEqual([{ url: url('/busy.png'), reason: 'HTTP 503' }, { url: url('/slow.png'), reason: 'timeout' }])
  })

  it('notes nothing for the site\'s own answers (200, 404, 501) or a refused address', async () => {
    const notes = noteUnreadFiles(fetcher)
    expect(await attempt(notes, url('/ok.css'))).toBe(200)
    expect(await attempt(notes, url('/missing.png'))).toBe(404)
    expect(await attempt(notes, url('/not-implemented'))).toBe(501)
    expect(await attempt(notes, url('/logo.png', 'private.test'))).toBe('FetchError')
    expect(notes.unread).toEqual([])
  })

  it('notes nothing when the caller aborted the fetch (a batch deadline is not the site\'s doing)', async () => {
    const notes = noteUnreadFiles(fetcher)
    const controller = new AbortController()
    setTimeout(() => controller.abort(new Error('deadline')), 50)
    await attempt(notes, url('/slow.png'), { timeoutMs: 5000, signal: controller.signal })
    expect(notes.unread).toEqual([])
  })

  it(`names at most ${MAX_UNREAD_FILES} files however many fail`, async () => {
    const notes = noteUnreadFiles(fetcher)
    server.addSite('files.test', { '*': { status: 502, body: 'bad gateway' } })
    await Promise.all(Array.from({ length: 25 }, async (_, index) => await attempt(notes, url(`/icon-${index}.png`))))
    expect(notes.unread).toHaveLength(MAX_UNREAD_FILES)
    expect(notes.unread.every((file) => file.reason === 'HTTP 502')).toBe(true)
  })
})
