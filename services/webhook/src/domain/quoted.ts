/**
 * A value inside the quotes it was stored or copied with (`"whsec_..."`), or undefined when it has none: `docker run
 * --env-file`, most secret stores and JSON logs keep quotes as part of the value.
 */
export function unquoted (value: string): string | undefined {
  const quoted = /^(["'])(.+)\1$/s.exec(value.trim())
  return quoted === null ? undefined : quoted[2]
}
