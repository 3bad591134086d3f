import { Type } from '@sinclair/typebox'
import { PROVIDER_IDS } from '../domain/providers/index.js'
import { Nullable, StringEnum } from '@utility-apis/service-kit'

const ProviderInfoSchema = Type.Object({
  provider: StringEnum(PROVIDER_IDS),
  name: Type.String(),
  signature_scheme: Type.String(),
  signature_headers: Type.Array(Type.String()),
  timestamp_header: Nullable(Type.String()),
  replay_protected: Type.Boolean(),
  default_tolerance_seconds: Nullable(Type.Integer()),
  signed_content: Type.String(),
  secret_format: Type.String(),
  key_format: Type.String({ description: 'utf8, hex or base64 for a shared secret; the accepted public key forms for asymmetric schemes.' }),
  aliases: Type.Array(Type.String(), { description: 'Senders that use this scheme under their own name.' }),
  requires_url: Type.Boolean({ description: 'The URL the sender called is signed: the verify request needs `url`.' })
}, { title: 'WebhookProvider' })

export const ProvidersResponseSchema = Type.Object({
  providers: Type.Array(ProviderInfoSchema),
  out_of_scope: Type.Array(Type.Object({ name: Type.String(), reason: Type.String() }), {
    description: 'Senders this service does not verify, and why.'
  })
}, { title: 'WebhookProviders' })
