import { upcasters } from '../domains/upcasters.js';
import { wholesaleEventSchemas } from '../domains/wholesale/events.js';
import { isWholesaleAt } from '../domains/wholesale/verification.decider.js';
import { eventMisfit } from '../platform/event-schema.js';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import { project } from '../platform/projection-engine/projection.js';
import { verificationsProjection, wholesaleStatus, type VerificationDoc } from './verifications.js';

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

describe('verifications read model: a v2 submission (grounds and file names outside personal)', () => {
  const sha256 = 'd'.repeat(64);
  const v2 = (data: object): RecordedEvent => ({
    streamId: 'verification-u-1',
    revision: 0,
    position: 1,
    type: 'VerificationSubmitted',
    data: {
      verificationId: 'v-1',
      userId: 'u-1',
      subjectId: 'u-1',
      verificationType: 'high_net_worth',
      grounds: { netWorthAmount: 7_000_000, investmentAmount: null, professionalType: null },
      documents: [{ documentId: 'evd_1', fileName: 'accounts.pdf', contentType: 'application/pdf', size: 9, sha256 }],
      personal: { verifierName: 'Hine Walker', verifierContact: 'hine@law.nz' },
      ...data,
    },
    metadata: {
      eventId: 'e-1',
      schemaVersion: 2,
      occurredAt: NOW,
      actor: { kind: 'anonymous' },
      correlationId: 'c-1',
      causationId: null,
    },
  });

  it('is lifted to v3 (grounds and names under personal) and reads as before', () => {
    const lifted = upcasters.upcast(v2({}));
    expect(eventMisfit(wholesaleEventSchemas, lifted)).toBeNull();
    expect(project(verificationsProjection, [v2({})]).get('v-1')).toMatchObject({
      netWorthAmount: 7_000_000,
      verifierName: 'Hine Walker',
      documents: [{ documentId: 'evd_1', fileName: 'accounts.pdf', size: 9, sha256 }],
    });
  });

  it('once the investor is forgotten, its grounds and file names read as forgotten too, though stored in the clear', () => {
    const forgotten = v2({ personal: { verifierName: null, verifierContact: null }, personalForgotten: true });
    expect(upcasters.upcast(forgotten).data).toMatchObject({
      personal: { verifierName: null, grounds: null, fileNames: null },
      documents: [{ documentId: 'evd_1', contentType: 'application/pdf', size: 9, sha256 }],
    });
    expect(JSON.stringify(upcasters.upcast(forgotten).data)).not.toMatch(/accounts\.pdf|7000000/);
    expect(project(verificationsProjection, [forgotten]).get('v-1')).toMatchObject({
      netWorthAmount: null,
      investmentAmount: null,
      professionalType: null,
      verifierName: null,
      documents: [{ documentId: 'evd_1', fileName: null }],
    });
  });
});
