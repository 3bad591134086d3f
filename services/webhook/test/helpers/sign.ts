import { createHmac } from 'node:crypto'

// Independent of the code under test: each provider's documented construction, written out with node:crypto.
const mac = (key: string | Buffer, content: string, algorithm = 'sha256'): Buffer =>
  createHmac(algorithm, key).update(content, 'utf8').digest()

export const githubSignature = (secret: string, body: string): string => `sha256=${mac(secret, body).toString('hex')}`
export const githubSha1 = (secret: string, body: string): string => `sha1=${mac(secret, body, 'sha1').toString('hex')}`
export const slackSignature = (secret: string, timestamp: number | string, body: string): string =>
  `v0=${mac(secret, `v0:${timestamp}:${body}`).toString('hex')}`
export const stripeV1 = (secret: string, timestamp: number | string, body: string): string => mac(secret, `${timestamp}.${body}`).toString('hex')
export const stripeHeader = (secret: string, timestamp: number, body: string): string => `t=${timestamp},v1=${stripeV1(secret, timestamp, body)}`
export const shopifySignature = (secret: string, body: string): string => mac(secret, body).toString('base64')
export const standardKey = (secret: string): Buffer => Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
export const standardSignature = (secret: string, id: string, timestamp: number | string, body: string): string =>
  `v1,${mac(standardKey(secret), `${id}.${timestamp}.${body}`).toString('base64')}`
export const hmacHex = (secret: string, body: string): string => mac(secret, body).toString('hex')
export const hmacBase64 = (secret: string, body: string): string => mac(secret, body).toString('base64')

export const NOW = 1_700_000_000
