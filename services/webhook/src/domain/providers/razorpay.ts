import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

export const razorpay = bodyHmacProvider({
  id: 'razorpay',
  name: 'Razorpay',
  header: 'X-Razorpay-Signature',
  framing: { prefix: '', encoding: 'hex' },
  secretFormat: 'the webhook secret entered when the webhook was set up (Dashboard > Webhooks), used as UTF-8 bytes; ' +
    'not the API key id (rzp_live_, rzp_test_) or the API key secret',
  deliveryIds: ['X-Razorpay-Event-Id'],
  idempotencyFallback: 'deduplicate deliveries on X-Razorpay-Event-Id when you receive it',
  demo: {
    payload: '{"entity":"event","account_id":"acc_DemoAccount001","event":"payment.captured","contains":["payment"],' +
      '"payload":{"payment":{"entity":{"id":"pay_DemoPayment001","amount":50000,"currency":"INR"}}},"created_at":1700000000}',
    secret: 'razorpay-replay-vector-demo-secret',
    headers: { 'Content-Type': 'application/json' },
    id: 'EvtDemoReplay001'
  },
  note: anyFramework('Razorpay signs the body with the webhook secret, not the API key secret',
    'The webhook secret is the one typed when the webhook was created in the Dashboard; the key_secret of the API keys signs payment ids, not webhooks.')
})
