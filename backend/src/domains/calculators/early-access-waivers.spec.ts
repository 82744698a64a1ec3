import { waiverFor } from './early-access-waivers.js';

describe('early-access waiver rule', () => {
  it('given a fee-free registrant’s address, the waiver applies only once the account has proven it', () => {
    expect(waiverFor({ feeFreeRegistrant: true, emailVerified: true })).toBe('waived');
    // Whoever registered the address first, without its mailbox, gets nothing: the checkout says why.
    expect(waiverFor({ feeFreeRegistrant: true, emailVerified: false })).toBe('unverified');
  });

  it('given an address that is no fee-free registrant’s, no waiver, proven or not', () => {
    expect(waiverFor({ feeFreeRegistrant: false, emailVerified: true })).toBe('none');
    expect(waiverFor({ feeFreeRegistrant: false, emailVerified: false })).toBe('none');
  });
});
