import { isWholesaleAt } from '../domains/wholesale/verification.decider.js';
import { wholesaleStatus, type VerificationDoc } from './verifications.js';

const NOW = '2026-11-27T00:00:00.000Z';

const verified = (validUntil: string | null): VerificationDoc => ({
  _id: 'v-1',
  userId: 'u-1',
  verificationType: 'high_net_worth',
  status: 'verified',
  netWorthAmount: 6_000_000,
  investmentAmount: null,
  professionalType: null,
  verifierName: 'A. Accountant',
  verifierContact: 'accountant@example.nz',
  documents: [],
  rejectionReason: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  verifiedAt: '2025-01-02T00:00:00.000Z',
  validUntil,
  decidedBy: 'admin-1',
  expiredAt: null,
  revokedAt: null,
});

describe('wholesaleStatus: the page says what the investment decider decides', () => {
  it.each([
    ['valid until a later day', '2027-01-01T00:00:00.000Z', true, 'verified'],
    ['lapsed at this very moment', NOW, false, 'expired'],
    ['lapsed before', '2026-01-01T00:00:00.000Z', false, 'expired'],
    // A certificate recorded without an end date is no certificate to invest on: lapsed, on the page as in decide.
    ['without an end date', null, false, 'expired'],
  ])('a verification %s', (_, validUntil, wholesale, shown) => {
    const doc = verified(validUntil);
    expect(wholesaleStatus(doc, NOW)).toMatchObject({ isWholesaleInvestor: wholesale, verificationStatus: shown });
    expect(isWholesaleAt(doc, NOW)).toBe(wholesale);
  });

  it('a revoked certificate is revoked (with revokedAt) from the revocation on, never lapsed; before it, as it was', () => {
    const revokedAt = '2026-06-01T00:00:00.000Z';
    const doc: VerificationDoc = { ...verified('2027-01-01T00:00:00.000Z'), status: 'revoked', revokedAt };
    expect(wholesaleStatus(doc, NOW)).toMatchObject({
      verificationStatus: 'revoked',
      isWholesaleInvestor: false,
      revokedAt,
    });
    expect(isWholesaleAt(doc, NOW)).toBe(false);
    expect(isWholesaleAt(doc, revokedAt)).toBe(false);
    expect(wholesaleStatus(doc, '2026-05-31T23:59:59.999Z')).toMatchObject({
      verificationStatus: 'verified',
      isWholesaleInvestor: true,
      revokedAt: null,
    });
    // Lapsed certificates are not shown with a revocation date.
    expect(wholesaleStatus(verified('2026-01-01T00:00:00.000Z'), NOW).revokedAt).toBeNull();
  });

  it('is none without a verification', () => {
    expect(wholesaleStatus(null, NOW)).toMatchObject({ isWholesaleInvestor: false, verificationStatus: 'none' });
  });
});
