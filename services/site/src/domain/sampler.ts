// Deterministic page sampling: each candidate URL gets a hash of (seed, url) and the lowest hashes
// win. The same domain and the same candidates always give the same sample, in any input order,
// and only `limit` candidates are held in memory however many are offered.

interface Held<T> { key: number, url: string, value: T }

/**
 * A 53-bit string hash (cyrb53: two multiplicative 32-bit lanes). Not cryptographic: it only has to
 * spread URLs evenly and allocate nothing, as sitemaps offer up to 150,000 candidates.
 */
function hash53 (text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed
  let h2 = 0x41c6ce57 ^ seed
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return 4294967296 * (2097151 & h2) + (h1 >>> 0)
}

export class SeededSample<T = undefined> {
  private readonly held: Array<Held<T>> = []
  private readonly seen = new Set<string>()
  offered = 0

  private readonly seedHash: number

  constructor (private readonly seed: string, private readonly limit: number) {
    this.seedHash = hash53(seed) % 0x7fffffff
  }

  offer (url: string, value: T): void {
    if (this.limit <= 0) return
    this.offered++
    this.hold(hash53(url, this.seedHash), url, value)
  }

  /** An empty sample with the same seed and limit, whose candidates can be merged in later. */
  sibling (): SeededSample<T> {
    return new SeededSample<T>(this.seed, this.limit)
  }

  /** Takes in a sibling's candidates: the same sample as if each had been offered here. */
  merge (other: SeededSample<T>): void {
    this.offered += other.offered
    for (const { key, url, value } of other.held) this.hold(key, url, value)
  }

  private hold (key: number, url: string, value: T): void {
    const worst = this.held.length === this.limit ? this.held[this.held.length - 1] : null
    if (worst !== null && (key > worst.key || (key === worst.key && url >= worst.url))) return
    if (this.seen.has(url)) return
    this.seen.add(url)
    const entry = { key, url, value }
    const at = this.held.findIndex((h) => key < h.key || (key === h.key && url < h.url))
    if (at === -1) this.held.push(entry)
    else this.held.splice(at, 0, entry)
    if (this.held.length > this.limit) this.seen.delete(this.held.pop()!.url)
  }

  result (): Array<{ url: string, value: T }> {
    return this.held.map(({ url, value }) => ({ url, value }))
  }
}
