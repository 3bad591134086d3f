// The package ships no types; this is the part the bench uses.
declare module 'moment-business-time' {
  import type { LocaleSpecification, Moment, MomentInput } from 'moment'

  interface BusinessMoment extends Moment {
    addWorkingTime: (amount: number, unit: 'minutes' | 'hours' | 'days') => BusinessMoment
  }

  interface BusinessLocale extends LocaleSpecification {
    workinghours: Record<number, string[] | null>
    holidays: string[]
  }

  interface BusinessMomentStatic {
    (input: MomentInput, format?: string): BusinessMoment
    updateLocale: (locale: string, spec: BusinessLocale) => unknown
  }

  const moment: BusinessMomentStatic
  export default moment
}
