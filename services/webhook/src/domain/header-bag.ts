export type HeaderLookup =
  | { state: 'missing' }
  | { state: 'conflict', count: number }
  | { state: 'present', value: string, sentAs: string }

// RFC 9110 optional whitespace: only spaces and horizontal tabs around a field value.
const OWS = /^[ \t]+|[ \t]+$/g

/**
 * Webhook headers as the caller sent them, looked up case-insensitively. The same name given twice with different
 * values (e.g. `X-Hub-Signature-256` and `x-hub-signature-256`) is a conflict: picking one would be a guess.
 */
export class HeaderBag {
  readonly #values = new Map<string, Array<{ value: string, sentAs: string }>>()

  constructor (headers: Record<string, string>) {
    for (const [name, value] of Object.entries(headers)) {
      const key = name.trim().toLowerCase()
      const list = this.#values.get(key) ?? []
      list.push({ value: value.replace(OWS, ''), sentAs: name })
      this.#values.set(key, list)
    }
  }

  lookup (name: string): HeaderLookup {
    const list = this.#values.get(name.toLowerCase())
    if (list === undefined) return { state: 'missing' }
    if (list.length > 1 && new Set(list.map((entry) => entry.value)).size > 1) return { state: 'conflict', count: list.length }
    return { state: 'present', value: list[0].value, sentAs: list[0].sentAs }
  }

  /** The names, as sent, of the headers for which `test` (given the lowercase name and the value) holds. */
  namesWhere (test: (name: string, value: string) => boolean): string[] {
    const names: string[] = []
    for (const [name, list] of this.#values) {
      for (const entry of list) if (test(name, entry.value)) names.push(entry.sentAs)
    }
    return names
  }

  has (name: string): boolean {
    return this.#values.has(name.toLowerCase())
  }

  /** The value when present and unambiguous, else undefined. */
  get (name: string): string | undefined {
    const found = this.lookup(name)
    return found.state === 'present' ? found.value : undefined
  }
}
