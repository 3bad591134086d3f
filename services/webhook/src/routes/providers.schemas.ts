import { Type } from '@sinclair/typebox'
import { PROVIDER_IDS, type ProviderId } from '../domain/types.js'
import { NullableInteger, NullableString, StringEnum } from './schema-types.js'

export const ProviderInfoSchema = Type.Object({
  provider: StringEnum<ProviderId>(PROVIDER_IDS),
  name: Type.String(),
  signature_scheme: Type.String(),
  signature_headers: Type.Array(Type.String()),
  timestamp_header: NullableString(),
  replay_protected: Type.Boolean(),
  default_tolerance_seconds: NullableInteger(),
  signed_content: Type.String(),
  secret_format: Type.String()
}, { title: 'WebhookProvider' })

export const ProvidersResponseSchema = Type.Object({
  providers: Type.Array(ProviderInfoSchema)
}, { title: 'WebhookProviders' })
