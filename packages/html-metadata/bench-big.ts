import { extractMetadata } from './src/index.ts'
import { load } from 'cheerio/slim'
const card = (i: number): string => `<article class="card"><h2>Product ${i}</h2><p>Hand-made item number ${i} with a long description that keeps going for a while, as catalogue pages do &amp; more.</p><a href="/p/${i}">View product ${i}</a><img src="/img/${i}.jpg" alt="Product ${i}"></article>\n`
let html = '<title>x</title>'
for (let i = 0; html.length < 3 * 1024 * 1024; i++) html += card(i)
for (let i = 0; i < 3; i++) extractMetadata(html, 'https://a.test/')
let t = performance.now(); for (let i = 0; i < 5; i++) load(html); console.log('parse ms', (performance.now() - t) / 5)
t = performance.now(); for (let i = 0; i < 5; i++) extractMetadata(html, 'https://a.test/'); console.log('extract ms', (performance.now() - t) / 5)
