import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, test } from 'vitest'
import { ROOT } from './helpers/services.js'

// A fresh clone must pass its tests alone: nothing a test or benchmark runs may read the project's shared folder
// (../shared beside the clone), whose corpora and notes are not part of the repository.
const OUTSIDE = /\.\.\/shared\b|['"]\.\.['"],\s*['"]shared['"]|\bcorpora\/|['"]corpora['"]/

function sources (dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.(ts|js|mjs|cjs)$/.test(entry.name) ? [path] : []
  })
}

test('no test, fixture or benchmark reads the shared folder beside the repository', () => {
  const roots = [join(ROOT, 'test'), join(ROOT, 'bench'),
    ...['packages', 'services'].flatMap((group) => readdirSync(join(ROOT, group)).flatMap((name) =>
      ['test', 'bench'].map((folder) => join(ROOT, group, name, folder))))]
  const files = roots.flatMap((root) => { try { return sources(root) } catch { return [] } })
  expect(files.length).toBeGreaterThan(50)
  const offenders = files.filter((file) => file !== import.meta.filename && OUTSIDE.test(readFileSync(file, 'utf8')))
  expect(offenders.map((file) => relative(ROOT, file))).toEqual([])
})
