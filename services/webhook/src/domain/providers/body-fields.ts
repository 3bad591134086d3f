// Helpers for the senders that put their signature inside the body (Mailgun, Adyen) rather than in a header.

/** The payload as a top-level JSON object, or undefined when it is not one. Only top-level members are read after. */
export function jsonObject (payload: string): Record<string, unknown> | undefined {
  if (!/^\s*\{/.test(payload)) return undefined
  try {
    const value: unknown = JSON.parse(payload)
    return isObject(value) ? value : undefined
  } catch {
    return undefined
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
