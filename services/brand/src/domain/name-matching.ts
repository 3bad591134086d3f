// How the rules tell whether two names are one brand's: comparison keys, legal suffixes and forms.

const LEGAL_SUFFIX = /\b(inc|llc|ltd|limited|gmbh|ag|sa|sas|srl|bv|nv|plc|co|corp|corporation|company|group)\b\.?/g

/** A comparison key: lowercase letters and digits only, without legal suffixes or a leading "the". */
export function nameKey (value: string): string {
  return value.toLowerCase()
    .normalize('NFKD').replace(/\p{M}/gu, '')
    .replace(/^the\s+/, '')
    .replace(LEGAL_SUFFIX, '')
    .replace(/[^\p{L}\p{N}]/gu, '')
}

/** True when two names denote the same brand ("Acme" and "ACME, Inc." do). */
export function sameName (a: string, b: string): boolean {
  const ka = nameKey(a)
  return ka !== '' && ka === nameKey(b)
}

// An acronym as a brand writes one: two to six capitals ("BFI", "BBC"), written alone
const ACRONYM = /^\p{Lu}{2,6}$/u

/**
 * Whether `short` is the acronym of `long`: the initials of its capitalised words, or of all its words ("BBC" of
 * "British Broadcasting Corporation"); of its leading words only from three letters ("BFI" of "Becker Friedman
 * Institute for Economics at UChicago"), as two letters begin too many other names ("HP" of "Hewlett Packard Enterprise").
 */
function isAcronymOf (short: string, long: string): boolean {
  if (!ACRONYM.test(short)) return false
  const words = long.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '')
  const initials = (chosen: string[]): string => chosen.map((word) => Array.from(word)[0]).join('').toUpperCase()
  const capitalised = words.filter((word) => /^\p{Lu}/u.test(word))
  return [initials(capitalised), initials(words)].some((letters) => letters === short || (short.length >= 3 && letters.startsWith(short)))
}

/**
 * True when two names are spellings of one brand: "bloomberg.com" and "Bloomberg", "BBC News" and "BBC", "Acme" and
 * "ACME, Inc.", "BFI" and "Becker Friedman Institute"; "LinkedIn" and "Audiense" are not.
 */
export function sameBrand (a: string, b: string): boolean {
  const key = (name: string): string => {
    const bare = name.replace(/(?:\.[a-z]{2,6}){1,2}$/i, '')
    // a name that is all legal suffix ("Inc.com") compares by its letters
    return nameKey(bare) || bare.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')
  }
  const [ka, kb] = [key(a), key(b)]
  if (ka === '' || kb === '') return false
  return ka.startsWith(kb) || kb.startsWith(ka) || isAcronymOf(a.trim(), b) || isAcronymOf(b.trim(), a)
}

// A company form at the end of a name, after an optional comma: "Inc.", "LLC", "Ltd", "GmbH & Co. KG", "S.A.", "Pty Ltd".
// "Company" and "Group" are often part of the name a brand goes by ("Ford Motor Company"), so they stay.
const LEGAL_FORM = new RegExp('(?:,?\\s+(?:&\\s+Co\\.?\\s+KG|Inc|Incorporated|L\\.?L\\.?C|L\\.?L\\.?P|L\\.?P|Ltd|Limited|Pty|Corp|' +
  'Co|GmbH|AG|KG|e\\.\\s?V|S\\.?A\\.?S|S\\.?A|S\\.?L|S\\.?r\\.?l|S\\.?p\\.?A|B\\.?V|N\\.?V|plc|Oy|AB|A/S|ApS|K\\.?K|P\\.?C)\\.?)+$', 'i')

/** The name without the company form a legal name ends with: "Vantor Telematics Inc." is "Vantor Telematics". */
export function withoutLegalForm (name: string): string {
  const bare = name.replace(LEGAL_FORM, '').trim()
  return bare === '' ? name : bare
}
