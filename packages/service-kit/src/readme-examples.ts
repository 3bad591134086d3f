/** One `curl` call from a README, as `app.inject` takes it. */
export interface CurlExample {
  method: 'GET' | 'POST'
  url: string
  headers: Record<string, string>
  payload?: string
}

/**
 * Splits a POSIX shell snippet into commands of words: single quotes, double quotes (variables left unexpanded),
 * backslash line continuations and comments, which is all a README's curl examples use.
 */
export function shellCommands (script: string): string[][] {
  const commands: string[][] = []
  let words: string[] = []
  let word: string | null = null
  const endWord = () => { if (word !== null) words.push(word); word = null }
  const endCommand = () => { endWord(); if (words.length > 0) commands.push(words); words = [] }
  for (let i = 0; i < script.length;) {
    const c = script[i]
    if (c === "'") {
      const close = script.indexOf("'", i + 1)
      if (close < 0) throw new Error(`unterminated ' in: ${script.slice(i, i + 40)}`)
      word = (word ?? '') + script.slice(i + 1, close)
      i = close + 1
    } else if (c === '"') {
      let text = ''
      let j = i + 1
      for (; j < script.length && script[j] !== '"'; j++) {
        if (script[j] === '\\' && '"\\$`'.includes(script[j + 1])) j++
        text += script[j]
      }
      if (j >= script.length) throw new Error(`unterminated " in: ${script.slice(i, i + 40)}`)
      word = (word ?? '') + text
      i = j + 1
    } else if (c === '\\' && script[i + 1] === '\n') {
      i += 2
    } else if (c === '#' && word === null) {
      const newline = script.indexOf('\n', i)
      i = newline < 0 ? script.length : newline
    } else if (c === '\n' || c === ';') {
      endCommand()
      i++
    } else if (c === ' ' || c === '\t') {
      endWord()
      i++
    } else {
      word = (word ?? '') + c
      i++
    }
  }
  endCommand()
  return commands
}

/** The curl calls to `localhost:<port>` in the ```sh blocks of a Markdown text, in order. */
export function curlExamples (markdown: string, port: number): CurlExample[] {
  const examples: CurlExample[] = []
  for (const block of markdown.matchAll(/```sh\n([\s\S]*?)```/g)) {
    for (const words of shellCommands(block[1])) {
      const target = words.find((word) => word.startsWith(`localhost:${port}/`))
      if (words[0] !== 'curl' || target === undefined) continue
      const headers: Record<string, string> = {}
      let payload: string | undefined
      for (let i = 1; i < words.length - 1; i++) {
        if (words[i] === '-H') {
          const [name, ...value] = words[++i].split(':')
          headers[name.trim().toLowerCase()] = value.join(':').trim()
        } else if (words[i] === '-d') {
          payload = words[++i]
        }
      }
      const url = new URL(`http://${target}`)
      examples.push({ method: payload === undefined ? 'GET' : 'POST', url: url.pathname + url.search, headers, payload })
    }
  }
  return examples
}
