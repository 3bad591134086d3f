import { readFileSync, readdirSync } from 'node:fs'
import { extractMetadata } from './src/index.ts'
import { load } from 'cheerio/slim'
const dir = '/work/main/services/brand/test/fixtures/corpus/'
const pages = readdirSync(dir).filter((f) => f.endsWith('.html')).map((f) => readFileSync(dir + f, 'utf8'))
for (let i = 0; i < 2000; i++) for (const p of pages) extractMetadata(p, 'https://example.test/')
let n = 0
let t = performance.now()
while (performance.now() - t < 3000) { for (const p of pages) extractMetadata(p, 'https://example.test/'); n += pages.length }
console.log('extract µs/page', ((performance.now() - t) * 1000 / n).toFixed(1))
n = 0; t = performance.now()
while (performance.now() - t < 2000) { for (const p of pages) load(p); n += pages.length }
console.log('parse only µs/page', ((performance.now() - t) * 1000 / n).toFixed(1))
