import { Writable } from 'node:stream'

/** Every line an app logs, as text, for a test to read. */
export function captureLog () {
  const lines: string[] = []
  const stream = new Writable({ write (chunk, _enc, done) { lines.push(String(chunk)); done() } })
  const messages = (level: 'info' | 'warn') => lines.map((line) => JSON.parse(line) as { level: string | number, msg: string })
    .filter((line) => line.level === level || line.level === { info: 30, warn: 40 }[level]).map((line) => line.msg)
  return { lines, stream, messages }
}
