/** A complete, valid register-interest form (docs/specification.md §3). */
export function interestForm(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Aroha',
    lastName: 'Ngata',
    email: 'aroha@example.co.nz',
    phone: '+64 21 555 0199',
    dateOfBirth: '1984-03-14',
    country: 'nz',
    city: 'Wellington',
    occupation: 'Engineer',
    investmentInterest: ['residential', 'startups'],
    investmentAmount: '100k-500k',
    experience: 'intermediate',
    additionalInfo: 'Interested in Wellington commercial property.',
    agreeToTerms: true,
    agreeToContact: true,
    ...overrides,
  };
}
