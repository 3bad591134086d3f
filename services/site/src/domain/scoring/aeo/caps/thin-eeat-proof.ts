import type { CapDef } from '../cap.js'
import type { AeoSignals } from '../aeo-signals.js'

function proofSignals (s: AeoSignals): string[] {
  const proofs: Array<[boolean, string]> = [
    [s.namedAuthor !== null, 'named author'],
    [s.about, 'About page'],
    [s.contact.length > 0, 'contact details'],
    [s.externalSameAs.length >= 2, '2+ external sameAs'],
    [s.privacy !== null && s.terms !== null, 'privacy and terms']
  ]
  return proofs.filter(([ok]) => ok).map(([, name]) => name)
}

export const thinEeatProofCap: CapDef = {
  code: 'thin_eeat_proof_cap',
  cap: 60,
  needsHomepage: true,
  applies: (s) => {
    const proofs = proofSignals(s)
    return proofs.length >= 2 ? null : `${proofs.length} of 5 proof signals${proofs.length > 0 ? ` (${proofs.join(', ')})` : ''}`
  },
  recommendation: 'Show who stands behind the content: named authors with author pages, an About page, contact details, ' +
    'external profiles (sameAs), privacy and terms pages.'
}
