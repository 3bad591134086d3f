import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { jobsSettingsFromEnv, workerSettingsFromEnv } from '@utility-apis/jobs'
import { loadConfig } from '@utility-apis/service-kit'
import { parseEnvFile } from './helpers/env-file.js'
import { ROOT, serviceSources, variablesRead, workerVariablesRead } from './helpers/services.js'

const example = parseEnvFile(readFileSync(join(ROOT, '.env.example'), 'utf8'))

test('.env.example lists exactly the variables the services read', async () => {
  const read = new Set(serviceSources().flatMap((service) => [...variablesRead(service)]))
  for (const service of serviceSources().filter((candidate) => candidate.worker)) {
    for (const name of await workerVariablesRead(service)) read.add(name)
  }
  expect(Object.keys(example).sort(), 'add the new variable to .env.example with its default and what it does')
    .toEqual([...read].sort())
})

test('the values .env.example gives are the defaults', () => {
  for (const service of serviceSources()) {
    const defaults = { service: service.name, port: service.defaultPort }
    expect(loadConfig(example, defaults), service.name).toEqual(loadConfig({}, defaults))
  }
  expect(jobsSettingsFromEnv(example)).toEqual(jobsSettingsFromEnv({}))
  expect(workerSettingsFromEnv(example)).toEqual(workerSettingsFromEnv({}))
})
