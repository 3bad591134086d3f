// smartcar ships no types: the two webhook functions the cross-check calls, as its index.js documents them.
declare module 'smartcar' {
  /** HMAC-SHA256 of the challenge with the Application Management Token, as hex. */
  export function hashChallenge (amt: string, challenge: string): string
  /** Whether the SC-Signature matches the HMAC of JSON.stringify(body). */
  export function verifyPayload (amt: string, signature: string, body: unknown): boolean
}
