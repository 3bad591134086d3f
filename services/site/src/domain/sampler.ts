// Deterministic page sampling: each candidate URL gets a hash of (seed, url) and the lowest hashes
// win. The same domain and the same candidates always give the same sample, in any input order,
// and only `limit` candidates are held in memory however many are offered.
import { createHash } from 'node:crypto'

interface Held<T> { key: string, url: string, value: T }

export class SeededSample<T = undefined> {
  private readonly held: Array<Held<T>> = []
  private readonly seen = new Set<string>()
  offered = 0

  constructor (private readonly seed: string, private readonly limit: number) {}

  offer (url: string, value: T): void {
    if (this.limit <= 0) return
    const key = createHash('sha256').update(this.seed).update('\n').update(url).digest('hex')
    this.offered++
    const worst = this.held.length === this.limit ? this.held[this.held.length - 1] : null
    if (worst !== null && key >= worst.key) return
    if (this.seen.has(url)) return
    this.seen.add(url)
    const entry = { key, url, value }
    const at = this.held.findIndex((h) => key < h.key)
    if (at === -1) this.held.push(entry)
    else this.held.splice(at, 0, entry)
    if (this.held.length > this.limit) this.seen.delete(this.held.pop()!.url)
  }

  result (): Array<{ url: string, value: T }> {
    return this.held.map(({ url, value }) => ({ url, value }))
  }
}
