// Demo key pairs for the replay test vectors of the asymmetric providers. The private keys are published here, so
// they sign nothing real: a vector carries the public key as its secret, and the private key never leaves this file.

export const DEMO_ED25519 = {
  privateKey: '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIME/5AbStv8nxWcPcYpjLtPw9QrnqlXeHm5S1YIaV119\n-----END PRIVATE KEY-----\n',
  /** The 32 raw bytes, as Discord shows an application's public key. */
  publicHex: '3dbad2af310bc76358c44c293b2aa9843e307a7afafd92c70eedbcb2cb58a689',
  publicBase64: 'PbrSrzELx2NYxEwpOyqphD4wenr6/ZLHDu28sstYpok='
}

export const DEMO_P256 = {
  privateKey: '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgor/gM5s+1zsZG7gB\n' +
    'ySiBWTL3S/TGBHjKLB1dLkesqHuhRANCAARKE0CA3F7DMKtY5ZHJ9Dmi/W7ZAAkW\nOH+rdfbcXAYrmL09GC14rPH/4GU+6N1p9NDzR5llDiXm3jjE2kFffA/L\n-----END PRIVATE KEY-----\n',
  /** Base64 DER (SubjectPublicKeyInfo), as SendGrid shows its verification key. */
  publicBase64: 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEShNAgNxewzCrWOWRyfQ5ov1u2QAJFjh/q3X23FwGK5i9PRgteKzx/+BlPujdafTQ80eZZQ4l5t44xNpBX3wPyw==',
  /** The JWK, as Plaid's webhook_verification_key/get returns it. */
  publicJwk: { kty: 'EC', crv: 'P-256', x: 'ShNAgNxewzCrWOWRyfQ5ov1u2QAJFjh_q3X23FwGK5g', y: 'vT0YLXis8f_gZT7o3Wn00PNHmWUOJebeOMTaQV98D8s' }
}
