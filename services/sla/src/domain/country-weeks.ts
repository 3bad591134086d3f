// The service's default week is Monday to Friday (a request without `schedule`), the same for every calendar, so that
// a calendar names holidays only. In these countries the weekend is Friday and Saturday by law, and most employers
// work Sunday to Thursday: a request that takes the default week over their calendar counts their Fridays as working
// days and their Sundays as weekend, so its answer says so. Only countries the calendars cover and whose weekend is
// settled law are listed; a country not listed is not said to keep Saturday and Sunday.

export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday'

const FRIDAY_SATURDAY: readonly Weekday[] = ['friday', 'saturday']

/** The weekend of each listed country, by ISO 3166-1 alpha-2 code. */
const COUNTRY_WEEKENDS: Readonly<Record<string, readonly Weekday[]>> = {
  // Algeria from 2009, Bahrain from 2006, Bangladesh, Egypt, Israel, Libya, Saudi Arabia from 2013 (Thursday and
  // Friday before: an answer over an earlier year is warned of today's weekend), Sudan
  DZ: FRIDAY_SATURDAY,
  BD: FRIDAY_SATURDAY,
  BH: FRIDAY_SATURDAY,
  EG: FRIDAY_SATURDAY,
  IL: FRIDAY_SATURDAY,
  LY: FRIDAY_SATURDAY,
  SA: FRIDAY_SATURDAY,
  SD: FRIDAY_SATURDAY
}

/** The country's weekend when it is not Saturday and Sunday and the list has it, else null. */
export function countryWeekend (country: string | null): readonly Weekday[] | null {
  return country === null ? null : COUNTRY_WEEKENDS[country.toUpperCase()] ?? null
}
