// The Dockerfile's stages as a reader of `docker build` sees them: the default image has no browser, and the
// `chromium` target gives the site Debian's Chromium at the path its renderer drives, switched on, as a non-root user.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { DEFAULT_EXECUTABLE } from '@utility-apis/renderer'
import { MONOGRAM_FONT } from '../services/brand/src/logo/monogram.js'
import { ROOT } from './helpers/services.js'

interface Stage { name: string, from: string, lines: string[] }

/** FROM ... AS name blocks, with line continuations joined. */
function stages (dockerfile: string): Stage[] {
  const lines = dockerfile.replace(/\\\n/g, ' ').split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).filter((l) => l !== '' && !l.startsWith('#'))
  const found: Stage[] = []
  for (const line of lines) {
    const from = /^FROM\s+(\S+)\s+AS\s+(\S+)$/i.exec(line)
    if (from !== null) found.push({ name: from[2], from: from[1], lines: [] })
    else found.at(-1)?.lines.push(line)
  }
  return found
}

const all = stages(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'))
const byName = (name: string): Stage => all.find((s) => s.name === name) as Stage
/** A stage's instructions with those of the stages it is built on, base first. */
const chain = (stage: Stage): string[] => [...(all.some((s) => s.name === stage.from) ? chain(byName(stage.from)) : []), ...stage.lines]

test('the default image is the last stage, without a browser, run as node', () => {
  const last = all.at(-1) as Stage
  expect(last.name).toBe('runtime')
  expect(chain(last).some((l) => /chromium/i.test(l))).toBe(false)
  expect(chain(last).at(-1)).toBe('USER node')
})

test('the chromium target installs Debian\'s chromium where the renderer looks, turns rendering on and drops root', () => {
  const lines = chain(byName('chromium'))
  expect(lines.find((l) => l.startsWith('RUN apt-get update') && l.includes('chromium'))).toMatch(/apt-get install -y --no-install-recommends chromium\b/)
  expect(lines).toContain(`ENV RENDERER=chromium CHROMIUM_PATH=${DEFAULT_EXECUTABLE}`)
  expect(lines.at(-1)).toBe('USER node')
  expect(lines).toContain('CMD ["node", "--liftoff-only", "dist/main.js"]')
})

test('every script that starts a built service passes node the flags of the image\'s CMD (--liftoff-only)', () => {
  const cmd = JSON.parse(/^CMD (\[.*\])$/.exec(chain(byName('runtime')).findLast((l) => l.startsWith('CMD ')) ?? '')?.[1] ?? '[]') as string[]
  const flags = cmd.filter((arg) => arg.startsWith('--'))
  expect(flags).toContain('--liftoff-only')
  for (const service of ['webhook', 'sla', 'brand', 'site']) {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'services', service, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
    for (const name of ['start', 'worker'].filter((n) => n in scripts)) {
      expect(scripts[name].split(' ').slice(0, -1), `${service} ${name}`).toEqual(['node', ...flags])
    }
  }
  for (const entry of ['main', 'worker']) expect(readFileSync(join(ROOT, '.ci/run'), 'utf8')).toContain(`node ${flags.join(' ')} dist/${entry}.js`)
})

test('every image raises libuv\'s thread pool, which DNS lookups given up on would otherwise fill (safe-fetch README)', () => {
  for (const stage of ['runtime', 'chromium']) {
    const env = chain(byName(stage)).filter((l) => l.startsWith('ENV ')).join(' ')
    expect(Number(/\bUV_THREADPOOL_SIZE=(\d+)/.exec(env)?.[1]), stage).toBeGreaterThanOrEqual(16)
  }
})

// The Debian package of each font the services draw text in (sharp renders SVG text with the fonts fontconfig finds)
const FONT_PACKAGES: Record<string, string> = { 'DejaVu Sans': 'fonts-dejavu-core' }

test('every image has fontconfig and the font brand\'s monogram is drawn in: a slim image has none', () => {
  for (const stage of ['runtime', 'chromium']) {
    const install = chain(byName(stage)).find((l) => l.startsWith('RUN apt-get update') && l.includes(FONT_PACKAGES[MONOGRAM_FONT]))
    expect(install, stage).toMatch(new RegExp(`apt-get install -y --no-install-recommends .*\\bfontconfig\\b.*\\b${FONT_PACKAGES[MONOGRAM_FONT]}\\b`))
  }
})
