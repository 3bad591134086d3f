// Run by parse-sitemap.test.ts in a child process with a small heap: a 5 MiB RSS feed and a 5 MiB Atom feed (the
// sitemap fetch cap), each written to SitemapParser in 64 KiB chunks as a fetch hands them on and never built whole
// here, so whatever the heap must hold is the parser's. Prints what each parse reported, one JSON line.
import { SitemapParser } from '../../../src/domain/sitemap/parse-sitemap.js'

const BYTES = 5 * 1024 * 1024
const CHUNK = 64 * 1024

const SHAPES = {
  rss: {
    head: '<rss version="2.0"><channel><title>t</title>',
    item: (i: number) => `<item><link>https://a.example/p${i}</link><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate></item>`,
    tail: '</channel></rss>'
  },
  atom: {
    head: '<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title>',
    item: (i: number) => `<entry><link href="https://a.example/p${i}"/><updated>2024-01-01T00:00:00Z</updated></entry>`,
    tail: '</feed>'
  }
}

function parse (shape: typeof SHAPES.rss): { kind: string | null, entryCount: number, handedOn: number, errors: string[] } {
  let handedOn = 0
  const parser = new SitemapParser(() => { handedOn++ })
  let chunk = shape.head
  let written = 0
  for (let i = 0; written + chunk.length < BYTES; i++) {
    chunk += shape.item(i)
    if (chunk.length < CHUNK) continue
    parser.write(chunk)
    written += chunk.length
    chunk = ''
  }
  parser.write(chunk + shape.tail)
  const { kind, entryCount, errors } = parser.end()
  return { kind, entryCount, handedOn, errors }
}

console.log(JSON.stringify({ rss: parse(SHAPES.rss), atom: parse(SHAPES.atom) }))
