import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** One saved page of the real-page corpus, with the host and URL it was saved from. */
export interface RealPage {
  name: string
  host: string
  /** The saved URL with its host replaced by `host` (two pages are re-encoded copies under a host of their own). */
  url: string
  contentType: string
  body: Buffer
}

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url))
// CI clones the repository with shared/ beside it; a worktree under wt/ finds it one level further up
const CANDIDATES = [join(REPO_ROOT, '..', 'shared'), join(REPO_ROOT, '..', '..', 'shared')]
  .map((shared) => join(shared, 'corpora', 'brand-real-pages'))

/** The folder of the real-page corpus; throws, naming where it looked, when it is absent. */
export function realPagesDir (): string {
  const dir = CANDIDATES.find((candidate) => existsSync(join(candidate, 'pages.json')))
  if (dir === undefined) {
    throw new Error(`The real-page corpus is missing: no pages.json in ${CANDIDATES.join(' or ')}. ` +
      'Clone the repository with shared/ beside it, as CI does.')
  }
  return dir
}

/** Every page of the corpus, in the order of pages.json. */
export function loadRealPages (): RealPage[] {
  const dir = realPagesDir()
  const index = JSON.parse(readFileSync(join(dir, 'pages.json'), 'utf8')) as Record<string, { host: string, url: string, content_type?: string }>
  return Object.entries(index).map(([name, entry]) => {
    const url = new URL(entry.url)
    url.hostname = entry.host
    return { name, host: entry.host, url: url.href, contentType: entry.content_type ?? 'text/html', body: readFileSync(join(dir, `${name}.html`)) }
  })
}
