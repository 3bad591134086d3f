import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse, parseAllDocuments } from 'yaml'
import { parseEnvFile } from './env-file.js'

export interface K8sObject {
  apiVersion: string
  kind: string
  metadata: { name: string, namespace?: string, labels?: Record<string, string> }
  [field: string]: unknown
}

// What `kustomize build` does with the fields used in deploy/k8s; anything else fails the build here rather than
// being silently ignored.
const KUSTOMIZATION_FIELDS = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'configMapGenerator', 'secretGenerator', 'images'])
const GENERATOR_FIELDS = new Set(['name', 'envs'])
const CLUSTER_SCOPED = new Set(['Namespace'])

interface Generator { name: string, envs: string[] }
interface Kustomization {
  namespace?: string
  resources: string[]
  configMapGenerator?: Generator[]
  secretGenerator?: Generator[]
  images?: Array<{ name: string, newName?: string, newTag?: string }>
}

function checkFields (where: string, object: object, allowed: Set<string>): void {
  const unknown = Object.keys(object).filter((field) => !allowed.has(field))
  if (unknown.length > 0) throw new Error(`${where}: fields this build does not implement: ${unknown.join(', ')}`)
}

/**
 * `kustomize build` of a folder, for the fields it uses; generated names keep no hash suffix. A generator's env file
 * that is not in the repository (secrets.env) is read from its committed `.example`.
 */
export function kustomizeBuild (dir: string): K8sObject[] {
  const kustomization = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization
  checkFields('kustomization.yaml', kustomization, KUSTOMIZATION_FIELDS)
  const objects: K8sObject[] = []
  for (const file of kustomization.resources) {
    for (const document of parseAllDocuments(readFileSync(join(dir, file), 'utf8'))) {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0].message}`)
      objects.push(document.toJS() as K8sObject)
    }
  }
  const generated = (kind: 'ConfigMap' | 'Secret', generators: Generator[] = []) => {
    for (const generator of generators) {
      checkFields(`${kind} generator ${generator.name}`, generator, GENERATOR_FIELDS)
      const entries = Object.assign({}, ...generator.envs.map((file) => envFileOrExample(dir, file))) as Record<string, string>
      const data = kind === 'ConfigMap'
        ? entries
        : Object.fromEntries(Object.entries(entries).map(([key, value]) => [key, Buffer.from(value).toString('base64')]))
      objects.push({ apiVersion: 'v1', kind, metadata: { name: generator.name }, ...(kind === 'Secret' ? { type: 'Opaque' } : {}), data })
    }
  }
  generated('ConfigMap', kustomization.configMapGenerator)
  generated('Secret', kustomization.secretGenerator)
  for (const object of objects) {
    if (kustomization.namespace !== undefined && !CLUSTER_SCOPED.has(object.kind)) object.metadata.namespace = kustomization.namespace
    for (const container of containersOf(object)) container.image = withImageOverride(container.image, kustomization.images ?? [])
  }
  return objects
}

function envFileOrExample (dir: string, file: string): Record<string, string> {
  let text: string
  try {
    text = readFileSync(join(dir, file), 'utf8')
  } catch {
    text = readFileSync(join(dir, `${file}.example`), 'utf8')
  }
  return parseEnvFile(text)
}

/** The containers of a workload (Deployment, StatefulSet), or none. */
export function containersOf (object: K8sObject): Array<Record<string, any>> {
  const spec = object.spec as { template?: { spec?: { containers?: Array<Record<string, any>> } } } | undefined
  return spec?.template?.spec?.containers ?? []
}

function withImageOverride (image: string, images: NonNullable<Kustomization['images']>): string {
  // A colon after the last slash starts the tag (one before it belongs to a registry's port).
  const colon = image.lastIndexOf(':')
  const [name, tag] = colon > image.lastIndexOf('/') ? [image.slice(0, colon), image.slice(colon + 1)] : [image, undefined]
  const override = images.find((entry) => entry.name === name)
  if (override === undefined) return image
  const newTag = override.newTag ?? tag
  return `${override.newName ?? name}${newTag === undefined ? '' : `:${newTag}`}`
}
