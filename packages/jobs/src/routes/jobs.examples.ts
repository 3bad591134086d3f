// OpenAPI examples of the job routes: a service names its inputs, the rest (ids, times, progress) is the same job.

/** A service's example job: a few of its inputs and where the end is announced. */
export interface JobExample {
  inputs: string[]
  callbackUrl: string
}

type Examples = Record<string, { summary: string, value: unknown }>

const ID = 'job_5f1c2e9a0b7d4c3e8f6a1b2c'
const CREATED_AT = '2026-11-27T09:00:00.000Z'
const STARTED_AT = '2026-11-27T09:00:00.120Z'

/** The request, creation answer and status examples of a job of `example.inputs` under `path`. */
export function jobExamples (path: string, inputField: string, example: JobExample): { request: Examples, created: Examples, status: Examples } {
  const total = example.inputs.length
  const progress = { id: ID, total, failed: 0, created_at: CREATED_AT, started_at: STARTED_AT, results_url: `${path}/${ID}/results` }
  return {
    request: { withCallback: { summary: 'A list, and where to announce the end', value: { [inputField]: example.inputs, callback_url: example.callbackUrl } } },
    created: {
      queued: {
        summary: 'Queued, with the callback secret shown once',
        value: { id: ID, status: 'queued', total, created_at: CREATED_AT, callback_secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }
      }
    },
    status: {
      running: {
        summary: 'A running job: its progress and when it should end',
        value: {
          ...progress,
          status: 'running',
          done: total - 1,
          finished_at: null,
          charged: total - 1,
          items_per_second: 2.5,
          estimated_finish_at: '2026-11-27T09:00:01.000Z',
          callback: { state: 'pending', attempts: 0, last_attempt_at: null, last_error: null }
        }
      },
      completed: {
        summary: 'A completed job, its callback delivered at the second attempt',
        value: {
          ...progress,
          status: 'completed',
          done: total,
          finished_at: '2026-11-27T09:00:04.480Z',
          charged: total,
          items_per_second: null,
          estimated_finish_at: null,
          callback: { state: 'delivered', attempts: 2, last_attempt_at: '2026-11-27T09:00:09.530Z', last_error: null }
        }
      }
    }
  }
}
