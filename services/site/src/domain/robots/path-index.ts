// Substring search in one URL path for the many literal pieces of a robots.txt's wildcard rules.
// A suffix automaton of the path (linear to build) tells in the piece's length whether the piece
// occurs at all, and where it first does; only a piece that first occurs before the place asked
// for is searched for again, by a scan that never looks back (Knuth-Morris-Pratt). A file of
// thousands of pieces that the path does not contain so costs their length, not their number
// times the path's.

// V8's indexOf compares a long needle at every place of a hay made of its own repeated prefix
// ("aaa…b" in "aaaa…"), path times needle; past this length the scan below is used instead.
const NATIVE_SEARCH_MAX = 8

/** The first index at or after `from` where `needle` occurs in `hay`, or -1; linear in both lengths. */
export function indexOfLinear (hay: string, needle: string, from: number): number {
  if (needle.length <= NATIVE_SEARCH_MAX) return hay.indexOf(needle, from)
  const border = new Int32Array(needle.length)
  for (let i = 1, k = 0; i < needle.length; i++) {
    while (k > 0 && needle.charCodeAt(i) !== needle.charCodeAt(k)) k = border[k - 1]
    if (needle.charCodeAt(i) === needle.charCodeAt(k)) k++
    border[i] = k
  }
  for (let i = from, k = 0; i < hay.length; i++) {
    while (k > 0 && hay.charCodeAt(i) !== needle.charCodeAt(k)) k = border[k - 1]
    if (hay.charCodeAt(i) === needle.charCodeAt(k)) k++
    if (k === needle.length) return i - k + 1
  }
  return -1
}

export class PathIndex {
  /** per state: transitions by character code */
  private readonly next: Array<Map<number, number>> = []
  private readonly link: number[] = []
  private readonly length: number[] = []
  /** per state: the end index of its strings' first occurrence */
  private readonly firstEnd: number[] = []

  constructor (readonly path: string) {
    this.addState(0, -1, -1)
    let last = 0
    for (let i = 0; i < path.length; i++) last = this.extend(last, path.charCodeAt(i), i)
  }

  private addState (length: number, link: number, firstEnd: number, next = new Map<number, number>()): number {
    this.next.push(next)
    this.link.push(link)
    this.length.push(length)
    this.firstEnd.push(firstEnd)
    return this.next.length - 1
  }

  private extend (last: number, c: number, at: number): number {
    const cur = this.addState(this.length[last] + 1, 0, at)
    let p = last
    while (p !== -1 && !this.next[p].has(c)) {
      this.next[p].set(c, cur)
      p = this.link[p]
    }
    if (p === -1) return cur
    const q = this.next[p].get(c) as number
    if (this.length[p] + 1 === this.length[q]) {
      this.link[cur] = q
      return cur
    }
    const clone = this.addState(this.length[p] + 1, this.link[q], this.firstEnd[q], new Map(this.next[q]))
    while (p !== -1 && this.next[p].get(c) === q) {
      this.next[p].set(c, clone)
      p = this.link[p]
    }
    this.link[q] = clone
    this.link[cur] = clone
    return cur
  }

  /** The first index at or after `from` where `piece` occurs in the path, or -1. */
  indexOf (piece: string, from: number): number {
    let state = 0
    for (let i = 0; i < piece.length; i++) {
      const next = this.next[state].get(piece.charCodeAt(i))
      if (next === undefined) return -1
      state = next
    }
    const first = this.firstEnd[state] - piece.length + 1
    return first >= from ? first : indexOfLinear(this.path, piece, from)
  }
}
