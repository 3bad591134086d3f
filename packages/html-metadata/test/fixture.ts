import { readFileSync } from 'node:fs'

export function readFixture (name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')
}
