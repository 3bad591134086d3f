/** Senders whose signatures cannot be verified from a delivery and a secret alone, and why. */
export interface OutOfScope {
  name: string
  reason: string
}

export const OUT_OF_SCOPE: OutOfScope[] = [{
  name: 'PayPal',
  reason: 'PayPal signs with a certificate downloaded from the PAYPAL-CERT-URL of each delivery, or is verified by its ' +
    'verify-webhook-signature API with OAuth credentials: either takes a network call, so it is not a check of a delivery against a secret. ' +
    'Use PayPal\'s SDK or API for it.'
}]
