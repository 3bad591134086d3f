import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { extractMetadata, parseManifest } from '@utility-apis/html-metadata'
import { describe, expect, it } from 'vitest'
import {
  isStarterDescription, isStarterTitle, manifestWithoutStarterPlaceholders, withoutStarterPlaceholders
} from '../../src/domain/starter-placeholders.js'
import { APP_SHELLS_DIR, starterShells } from '../helpers/app-shells.js'

// The placeholders are checked against the starters' own files (test/fixtures/app-shells), not against a copy of the list.
const starters = starterShells()
const metaOf = (html: string) => extractMetadata(html, 'https://starter.test/')

describe('starter placeholders', () => {
  it.each(starters.filter((starter) => metaOf(starter.html).title !== null && starter.name !== '@schematics/angular application')
    .map((starter) => [starter.name, metaOf(starter.html).title]))('%s: its title "%s" is a placeholder', (_name, title) => {
    expect(isStarterTitle(title)).toBe(true)
  })

  it.each(starters.filter((starter) => metaOf(starter.html).description !== null)
    .map((starter) => [starter.name, metaOf(starter.html).description]))('%s: its description "%s" is a placeholder', (_name, description) => {
    expect(isStarterDescription(description)).toBe(true)
  })

  it('reads cra-template\'s manifest without its placeholder names, and keeps its icons and colours', () => {
    const manifestUrl = 'https://starter.test/manifest.json'
    const manifest = parseManifest(readFileSync(join(APP_SHELLS_DIR, 'cra-template/public/manifest.json'), 'utf8'), manifestUrl)
    expect(manifest).toMatchObject({ name: 'Create React App Sample', shortName: 'React App' })
    const read = manifestWithoutStarterPlaceholders(manifest)
    expect(read).toMatchObject({ name: null, shortName: null, themeColor: '#000000', backgroundColor: '#ffffff' })
    expect(read?.icons).toHaveLength(3)
  })

  it.each(['Vite', 'Vite | Next Generation Frontend Tooling', 'React', 'Create', 'Saltmarsh — Tide tables for sailors', 'App'])(
    'takes "%s" for no placeholder', (title) => {
      expect(isStarterTitle(title)).toBe(false)
    })

  it('reads a page without its placeholder title and description, and leaves everything else as it is', () => {
    const meta = metaOf('<title>React App</title><meta name="description" content="Web site created using create-react-app">' +
      '<meta property="og:site_name" content="Copperline"><link rel="icon" href="/favicon.ico">')
    expect(withoutStarterPlaceholders(meta)).toEqual({ ...meta, title: null, description: null })
    const own = metaOf('<title>Copperline</title><meta name="description" content="Fibre for small offices.">')
    expect(withoutStarterPlaceholders(own)).toBe(own)
  })
})
