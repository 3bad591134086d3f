import type { McpTool } from '@utility-apis/service-kit'
import { CONFORMANCE_UNITS, MAX_REQUESTS } from '../domain/conformance.js'

/** The webhook routes as MCP tools: their schemas are the routes' own, read when the app starts. */
export const WEBHOOK_TOOLS: McpTool[] = [
  {
    name: 'verify_webhook',
    title: 'Verify a webhook signature',
    description: 'Checks the signature of one received webhook (GitHub, Stripe, Slack, Shopify, Standard Webhooks/Svix, ' +
      'generic HMAC and many more, which list_webhook_providers lists; `provider: "auto"` detects the sender from the headers) ' +
      'against its exact raw body and ' +
      'signing secret, and explains the verdict: every check, and on a mismatch what most likely changed the body or the ' +
      'secret (re-serialised JSON, a trailing newline, a wrong secret format) with the fix for the framework. Use it when ' +
      'a webhook fails verification or to confirm one is genuine. `payload` must be the body byte for byte as received. A ' +
      'failed signature is a result with `valid: false`, not an error. Costs one unit of quota. The payload and secret are ' +
      'never stored, logged or echoed; it reaches nothing outside.',
    route: 'POST /v1/webhooks/verify',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false }
  },
  {
    name: 'sign_webhook',
    title: 'Sign a test webhook delivery',
    description: 'Produces a delivery exactly as a provider would send it (headers, body, and what the signature covers), ' +
      'signed with your test secret or private key, or with a fresh test key pair (`generate_test_key: true`). Use it to ' +
      'build a test request for a receiver, or to see how a provider signs. Every delivery verifies with verify_webhook. ' +
      'Costs one unit of quota. It sends nothing anywhere; secrets and keys are never stored or logged.',
    route: 'POST /v1/webhooks/sign',
    annotations: { readOnlyHint: true, idempotentHint: false, openWorldHint: false }
  },
  {
    name: 'check_webhook_receiver',
    title: 'Grade a webhook receiver',
    description: 'Sends your public webhook endpoint (`endpoint_url`) a suite of signed deliveries, valid ones and several ' +
      'forged (tampered body or signature, another secret, a stale timestamp, no signature), and grades whether it accepts ' +
      'the valid ones (a resend of one with the same id too) with a 2xx and refuses each forgery with a 4xx, with a finding ' +
      'for every failure. Use it on a test endpoint with its test secret, when the user asks whether their receiver ' +
      `verifies signatures correctly. It makes up to ${MAX_REQUESTS} real POST requests to that URL (public addresses only, ` +
      `no redirects). Costs ${CONFORMANCE_UNITS} units of quota, whatever the endpoint answers.`,
    route: 'POST /v1/webhooks/conformance',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true }
  },
  {
    name: 'list_webhook_providers',
    title: 'List webhook providers',
    description: 'Every provider verify_webhook and sign_webhook know, with its signature scheme, headers, what it signs, ' +
      'its secret or key format, replay protection and default timestamp tolerance, and the senders that reuse its scheme; ' +
      'then the senders out of scope and why. Use it to find the `provider` id for a sender. Costs one unit of quota.',
    route: 'GET /v1/webhooks/providers',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false }
  }
]
