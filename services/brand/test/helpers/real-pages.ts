import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'

/** One saved page of the real-page corpus, with the host and URL it was saved from. */
export interface RealPage {
  name: string
  host: string
  /** The saved URL with its host replaced by `host` (two pages are re-encoded copies under a host of their own). */
  url: string
  contentType: string
  body: Buffer
}

/** The corpus, in the repository: `<name>.html.gz` and pages.json (provenance in its README). */
export const REAL_PAGES_DIR = fileURLToPath(new URL('../fixtures/real-pages/', import.meta.url))

/** Every page of the corpus, in the order of pages.json. */
export function loadRealPages (): RealPage[] {
  const index = JSON.parse(readFileSync(join(REAL_PAGES_DIR, 'pages.json'), 'utf8')) as
    Record<string, { host: string, url: string, content_type?: string }>
  return Object.entries(index).map(([name, entry]) => {
    const url = new URL(entry.url)
    url.hostname = entry.host
    const body = gunzipSync(readFileSync(join(REAL_PAGES_DIR, `${name}.html.gz`)))
    return { name, host: entry.host, url: url.href, contentType: entry.content_type ?? 'text/html', body }
  })
}
