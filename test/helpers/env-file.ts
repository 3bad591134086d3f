/**
 * An env file as kustomize and docker compose read the simple ones: KEY=VALUE lines, `#` comments and blank lines
 * skipped, values verbatim (no quotes, no expansion). A repeated key is an error.
 */
export function parseEnvFile (text: string): Record<string, string> {
  const entries: Record<string, string> = {}
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) continue
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line)
    if (match === null) throw new Error(`line ${index + 1} is not KEY=VALUE: ${line}`)
    if (match[1] in entries) throw new Error(`line ${index + 1} repeats ${match[1]}`)
    entries[match[1]] = match[2]
  }
  return entries
}
