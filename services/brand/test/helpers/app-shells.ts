import { readdirSync, readFileSync } from 'node:fs'
import { extname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import type { FixtureSite } from './fixture-server.js'
import { ico } from './images.js'

// The real starters' homepages (test/fixtures/app-shells, with their provenance and licences in its README), each
// served as a site's homepage with the icons and manifest it links, and a script where its bundle would be.

export const APP_SHELLS_DIR = fileURLToPath(new URL('../fixtures/app-shells/', import.meta.url))

/** One starter served as a site. */
export interface StarterShell {
  /** The starter, as the fixture README names it. */
  name: string
  host: string
  /** The homepage as served. */
  html: string
  site: FixtureSite
  /** What the app's script writes once it runs: the brand's own name and description. */
  brand: { name: string, description: string }
  /** The starter's placeholder title, description and manifest names, which name no brand. */
  placeholders: string[]
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png'
}

const read = (path: string): Buffer => readFileSync(join(APP_SHELLS_DIR, path))
const text = (path: string): string => read(path).toString('utf8')

function served (body: string | Buffer, path: string): FixtureSite[string] {
  return { body, headers: { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' } }
}

/** Every file of a built site's output directory at its path, `.gz` files unpacked. */
function builtSite (dir: string): FixtureSite {
  const site: FixtureSite = {}
  const walk = (path: string): void => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name)
      if (entry.isDirectory()) { walk(full); continue }
      const route = '/' + relative(join(APP_SHELLS_DIR, dir), full).replace(/\.gz$/, '')
      const body = full.endsWith('.gz') ? gunzipSync(readFileSync(full)) : readFileSync(full)
      site[route === '/index.html' ? '/' : route] = served(body, route)
    }
  }
  walk(join(APP_SHELLS_DIR, dir))
  return site
}

/**
 * What a starter's app does once its bundle runs, as every one of them can: it writes the brand's title and meta
 * description and renders the page into the mount point.
 */
export function appScript (brand: { name: string, tagline: string, description: string }): string {
  return `(() => {
  document.title = ${JSON.stringify(`${brand.name} — ${brand.tagline}`)}
  let description = document.querySelector('meta[name="description"]')
  if (description === null) {
    description = document.createElement('meta')
    description.name = 'description'
    document.head.append(description)
  }
  description.content = ${JSON.stringify(brand.description)}
  document.querySelector('#root, #app, app-root').innerHTML = ${JSON.stringify(
    `<header><a href="/">${brand.name}</a></header><main><h1>${brand.tagline}</h1><p>${brand.description}</p></main>`)}
})()
`
}

interface Brand { name: string, tagline: string, description: string }

const VITE_TEMPLATES: Array<[template: string, host: string, brand: Brand]> = [
  ['template-react', 'saltmarsh.test', { name: 'Saltmarsh', tagline: 'Tide tables for sailors', description: 'Saltmarsh publishes tide tables for the Essex coast.' }],
  ['template-react-ts', 'kettleby.test', { name: 'Kettleby', tagline: 'Kettles, mended', description: 'Kettleby repairs kettles and toasters by post.' }],
  ['template-vue', 'ferrybridge.test', { name: 'Ferrybridge', tagline: 'Ferry times', description: 'Ferrybridge lists every ferry crossing of the Humber.' }],
  ['template-svelte', 'quarrystone.test', { name: 'Quarrystone', tagline: 'Dry stone walls', description: 'Quarrystone builds dry stone walls in the Dales.' }],
  ['template-vanilla', 'moorgate.test', { name: 'Moorgate', tagline: 'Gates and railings', description: 'Moorgate forges gates and railings to order.' }]
]

function viteShells (): StarterShell[] {
  return VITE_TEMPLATES.map(([template, host, brand]) => {
    const html = text(`create-vite/${template}/index.html`)
    const script = /<script type="module" src="([^"]+)"/.exec(html)?.[1] ?? ''
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1] ?? ''
    return {
      name: `create-vite ${template}`,
      host,
      html,
      site: {
        '/': served(html, 'index.html'),
        '/favicon.svg': served(read(`create-vite/${template}/public/favicon.svg`), 'favicon.svg'),
        [script]: served(appScript(brand), 'main.js')
      },
      brand,
      placeholders: [title]
    }
  })
}

// react-scripts build: %PUBLIC_URL% is the empty public path, and the bundle's script goes at the end of the head
function craShell (): StarterShell {
  const brand = { name: 'Copperline', tagline: 'Fibre for small offices', description: 'Copperline wires small offices for fibre broadband.' }
  const html = text('cra-template/public/index.html').replaceAll('%PUBLIC_URL%', '')
    .replace('</head>', '  <script defer="defer" src="/static/js/main.js"></script>\n  </head>')
  const publicFile = (name: string): FixtureSite[string] => served(read(`cra-template/public/${name}`), name)
  return {
    name: 'cra-template',
    host: 'copperline.test',
    html,
    site: {
      '/': served(html, 'index.html'),
      '/favicon.ico': publicFile('favicon.ico'),
      '/logo192.png': publicFile('logo192.png'),
      '/logo512.png': publicFile('logo512.png'),
      '/manifest.json': publicFile('manifest.json'),
      '/static/js/main.js': served(appScript(brand), 'main.js')
    },
    brand,
    placeholders: ['React App', 'Web site created using create-react-app', 'Create React App Sample']
  }
}

function createVueShell (): StarterShell {
  const brand = { name: 'Moorfield', tagline: 'Walking maps', description: 'Moorfield draws walking maps of the North York Moors.' }
  const html = text('create-vue/template-base/index.html')
  return {
    name: 'create-vue',
    host: 'moorfield.test',
    html,
    site: {
      '/': served(html, 'index.html'),
      '/favicon.ico': served(read('create-vue/template-base/public/favicon.ico'), 'favicon.ico'),
      '/src/main.js': served(appScript(brand), 'main.js')
    },
    brand,
    placeholders: ['Vite App']
  }
}

// `ng new larkdesk`: the title is the project's name classified; the application builder adds the styles and scripts
function angularShell (): StarterShell {
  const brand = { name: 'Larkdesk', tagline: 'Help desk for two', description: 'Larkdesk is a help desk for teams of two.' }
  const html = text('angular/src/index.html.template')
    .replace('<%= utils.classify(name) %>', 'Larkdesk')
    .replaceAll('<%= selector %>', 'app-root')
    .replace('</head>', '<link rel="stylesheet" href="styles.css"></head>')
    .replace('</body>', '<script src="polyfills.js" type="module"></script><script src="main.js" type="module"></script></body>')
  return {
    name: '@schematics/angular application',
    host: 'larkdesk.test',
    html,
    site: {
      '/': served(html, 'index.html'),
      '/favicon.ico': served(read('angular/public/favicon.ico.template'), 'favicon.ico'),
      '/styles.css': served('', 'styles.css'),
      '/polyfills.js': served('', 'main.js'),
      '/main.js': served(appScript(brand), 'main.js')
    },
    brand,
    placeholders: []
  }
}

function nextShell (): StarterShell {
  const site = builtSite('next-export/out')
  const html = (site['/'].body ?? '').toString()
  // the icon link names the file with a cache-busting query
  const icon = /<link rel="icon" href="([^"]+)"/.exec(html)?.[1]
  if (icon !== undefined) site[icon] = site['/favicon.ico']
  return {
    name: 'create-next-app, exported client-only',
    host: 'tidepool.test',
    html,
    site,
    brand: { name: 'Tidepool Analytics', description: 'Tidepool Analytics measures coastal water quality.' },
    // Next.js (React 19) may commit the layout's metadata title after the page's effect set the brand's, run to run:
    // the name then comes from the page's heading, never from the placeholder
    placeholders: ['Create Next App', 'Generated by create next app']
  }
}

function nuxtShell (): StarterShell {
  const site = builtSite('nuxt-spa/out')
  // the starter's public/favicon.ico is not in an npm package: an icon of the same kind stands in for it
  site['/favicon.ico'] = served(ico([16, 32]), 'favicon.ico')
  return {
    name: 'nuxt, ssr: false',
    host: 'fernhill.test',
    html: (site['/'].body ?? '').toString(),
    site,
    brand: { name: 'Fernhill Ceramics', description: 'Fernhill Ceramics makes stoneware by hand in Devon.' },
    placeholders: []
  }
}

// a single-file build: create-vite's vanilla template with its module script inline
function inlineShell (): StarterShell {
  const brand = { name: 'Inkwell', tagline: 'Fountain pens', description: 'Inkwell restores vintage fountain pens.' }
  const html = text('create-vite/template-vanilla/index.html')
    .replace('<script type="module" src="/src/main.js"></script>', `<script type="module">${appScript(brand)}</script>`)
  return {
    name: 'create-vite template-vanilla, script inline',
    host: 'inkwell.test',
    html,
    site: { '/': served(html, 'index.html'), '/favicon.svg': served(read('create-vite/template-vanilla/public/favicon.svg'), 'favicon.svg') },
    brand,
    placeholders: ['Vite + JS']
  }
}

/** Every starter, served: Create React App, five Vite templates, create-vue, Angular, Next.js, Nuxt, and one inline. */
export function starterShells (): StarterShell[] {
  return [craShell(), ...viteShells(), createVueShell(), angularShell(), nextShell(), nuxtShell(), inlineShell()]
}
