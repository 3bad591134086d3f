#!/usr/bin/env node
// A small static website on 127.0.0.1, to try brand and site offline (README: "Trying brand and site on a local
// site"). It answers any host name, so with UNSAFE_FETCH_HOST_MAP='*.test=127.0.0.1' every http://<name>.test:<port>/
// reaches it. Usage: node scripts/fixture-site.mjs [port] (or PORT=...; 0 picks a free port). Loopback only.
import { createServer } from 'node:http'

const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" fill="#b5651d"/></svg>'

/** The page at `path` of the site served as `origin`, or null. */
function page (origin, path) {
  const layout = (title, description, body) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><meta name="description" content="${description}">
<link rel="canonical" href="${origin}${path}"><link rel="icon" href="/icon.svg" type="image/svg+xml">
<meta property="og:site_name" content="Kiln &amp; Clay"><meta property="og:title" content="${title}">
<meta property="og:description" content="${description}"><meta property="og:image" content="${origin}/icon.svg">
<script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Kiln & Clay',
    url: `${origin}/`,
    logo: `${origin}/icon.svg`,
    sameAs: ['https://www.instagram.com/kilnandclay', 'https://github.com/kilnandclay']
  })}</script></head>
<body><header><a href="/">Kiln &amp; Clay</a> <nav><a href="/products">Products</a> <a href="/about">About</a></nav></header>
<main>${body}</main><footer><a href="https://www.instagram.com/kilnandclay">Instagram</a></footer></body></html>`
  const pages = {
    '/': () => layout('Kiln & Clay | Handmade stoneware', 'Kiln & Clay makes stoneware mugs, bowls and plates by hand in small batches.',
      '<h1>Handmade stoneware for every day</h1><p>Kiln &amp; Clay makes mugs, bowls and plates by hand, fired twice and glazed ' +
      'with lead-free glazes. Every piece is dishwasher safe.</p><h2>How long does an order take?</h2><p>Orders ship within five ' +
      'working days; custom sets take three weeks.</p>'),
    '/products': () => layout('Products | Kiln & Clay', 'Mugs, bowls and plates from Kiln & Clay.',
      '<h1>Products</h1><ul><li>Mug, 350 ml</li><li>Bowl, 15 cm</li><li>Plate, 26 cm</li></ul>'),
    '/about': () => layout('About | Kiln & Clay', 'Who makes Kiln & Clay stoneware.',
      '<h1>About us</h1><p>Two potters in one studio, making stoneware since 2014.</p>')
  }
  return pages[path]?.() ?? null
}

function answer (request, response) {
  // The Host header is written into the pages: anything but a plain host[:port] is not echoed
  const host = request.headers.host ?? ''
  const origin = `http://${/^[A-Za-z0-9.-]+(:\d+)?$/.test(host) ? host : '127.0.0.1'}`
  const path = new URL(request.url ?? '/', origin).pathname
  const send = (status, type, body) => {
    response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) })
    response.end(request.method === 'HEAD' ? undefined : body)
  }
  if (path === '/robots.txt') return send(200, 'text/plain', `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`)
  if (path === '/sitemap.xml') {
    const urls = ['/', '/products', '/about'].map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')
    return send(200, 'application/xml', `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`)
  }
  if (path === '/llms.txt') return send(200, 'text/plain', `# Kiln & Clay\n\n> Handmade stoneware.\n\n- [Products](${origin}/products)\n`)
  if (path === '/icon.svg') return send(200, 'image/svg+xml', ICON)
  const html = page(origin, path)
  return html === null ? send(404, 'text/html', '<!doctype html><title>Not found</title><h1>Not found</h1>') : send(200, 'text/html; charset=utf-8', html)
}

const port = Number(process.argv[2] ?? process.env.PORT ?? 8080)
const server = createServer(answer)
server.listen(port, '127.0.0.1', () => {
  // The first line names the port (a test reads it when started with port 0)
  console.log(`fixture site on http://127.0.0.1:${server.address().port}/ (any host name: http://shop.test:${server.address().port}/)`)
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)))
