export { BOT_PROTECTION, detectBotChallenge, type BotProtection, type ChallengeInput, type ChallengeVerdict } from './bot-challenge.js'
export {
  fetchHomepage, fetchHomepageAt, HTML_MAX_BYTES, parseHomepage, sameSite, worthNextCandidate,
  type FetchedHomepage, type Fetcher, type HomepageOptions, type HomepageOutcome, type RedirectStep
} from './homepage.js'
export {
  FETCH_FAILURE_CODES, fetchFailureCode, isMomentaryError, isMomentaryStatus, isRetryLaterFailure, isRetryLaterStatus, type FetchFailureCode
} from './fetch-failure.js'
export {
  checkHttpUrl, parseTarget, TARGET_INPUT_CODES, TargetInputError,
  type HomepageTarget, type TargetInputCode, type TargetMessages, type TargetOptions
} from './target.js'
export { TargetNotAllowedError } from './target-not-allowed.js'
export { TimeBudget } from './time-budget.js'
