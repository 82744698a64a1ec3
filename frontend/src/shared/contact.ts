/**
 * Kauri's contact details (the spec's footer names them without giving them). Placeholders chosen for the
 * pre-launch site; the company secretary confirms them before launch.
 */
export const contact = {
  email: 'hello@kauri.nz',
  servicesEmail: 'services@kauri.nz',
  securityEmail: 'security@kauri.nz',
  privacyEmail: 'privacy@kauri.nz',
  phone: '0800 528 874',
  registeredOffice: 'Level 8, 125 Queen Street, Auckland Central, Auckland 1010, New Zealand',
} as const;
