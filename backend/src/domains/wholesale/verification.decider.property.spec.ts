import fc from 'fast-check';
import {
  anyId,
  anyTime,
  checkDecider,
  choiceOf,
  commandsOf,
  often,
  someNumber,
  someText,
} from '../../testing/decider-properties.js';
import { PROFESSIONAL_TYPES, VERIFICATION_TYPES, type VerificationDocument } from './events.js';
import { isWholesaleAt, verification, type VerificationCommand } from './verification.decider.js';

const userId = fc.constantFrom('investor-1', 'constructor');
const verificationId = fc.oneof(fc.constantFrom('v-1', '__proto__', 'toString'), anyId);
const document: VerificationDocument = {
  documentId: `evd_${'a'.repeat(32)}`,
  fileName: 'letter.pdf',
  contentType: 'application/pdf',
  size: 1200,
  sha256: 'cd'.repeat(32),
};
const documents = often(
  fc.constantFrom<VerificationDocument[]>([], [document]),
  fc.constantFrom<VerificationDocument[]>(
    [{ ...document, size: Number.NaN }],
    [{ ...document, fileName: '' }],
    Array<VerificationDocument>(11).fill(document),
  ),
);
const amount = (usual: fc.Arbitrary<number>) => fc.option(someNumber(usual), { nil: null });

const submit = fc.record({
  type: fc.constant('SubmitVerification' as const),
  verificationId,
  userId,
  verificationType: choiceOf(VERIFICATION_TYPES),
  netWorthAmount: amount(fc.integer({ min: 1_000_000, max: 50_000_000 })),
  investmentAmount: amount(fc.integer({ min: 100_000, max: 5_000_000 })),
  professionalType: fc.option(choiceOf(PROFESSIONAL_TYPES), { nil: null }),
  verifierName: someText(fc.constant('Hine Walker')),
  verifierContact: someText(fc.constant('hine@law.nz')),
  documents,
});
const decide = fc
  .record({
    verificationId,
    userId,
    adminId: anyId,
    now: anyTime,
    months: fc.integer({ min: 1, max: 36 }),
    reason: someText(fc.constant('The letter is not signed')),
    approve: fc.boolean(),
  })
  .map(
    ({ approve, months, reason, ...rest }): VerificationCommand =>
      approve
        ? { type: 'ApproveVerification', ...rest, validityMonths: months }
        : { type: 'RejectVerification', ...rest, reason },
  );
const sweptBy = fc.oneof(
  fc.constant({ kind: 'system' as const, name: 'verification-expiry' }),
  anyId.map((id) => ({ kind: 'user' as const, userId: id })),
);
// asOf is sometimes after now: such a sweep is refused, never recorded.
const expire = fc.record({
  type: fc.constant('ExpireVerification' as const),
  userId,
  asOf: anyTime,
  now: anyTime,
  by: sweptBy,
});
// Usually by the investor themselves, sometimes by someone else (refused); statements sometimes too short or odd.
const revoke = fc.record({
  type: fc.constant('RevokeCertificate' as const),
  userId,
  actorId: often(userId, anyId),
  statement: someText(fc.constant('I revoke my wholesale investor certificate as of today.')),
  now: anyTime,
});
const command: fc.Arbitrary<VerificationCommand> = fc.oneof(
  { weight: 3, arbitrary: submit },
  { weight: 3, arbitrary: decide },
  { weight: 1, arbitrary: expire },
  { weight: 2, arbitrary: revoke },
);

describe('Wholesale verification decider, properties', () => {
  it('whatever is submitted and decided: events fit, amounts are finite, decisions name the one submitted', () => {
    let revocations = 0;
    checkDecider(verification, {
      commands: commandsOf(command, { opening: [submit] }),
      invariant(state, history) {
        const last = history.filter((e) => e.type === 'VerificationSubmitted').at(-1);
        if (last) expect(state.verificationId).toBe(last.data.verificationId);
        if (state.status === 'verified') expect(state.validUntil! > state.verifiedAt!).toBe(true);
        // A revocation ends the certificate it names: never wholesale from then on, and only one it had approved.
        const revocation = history.at(-1)?.type === 'CertificateRevoked' ? history.at(-1) : undefined;
        if (revocation?.type === 'CertificateRevoked') {
          revocations++;
          expect(state.status).toBe('revoked');
          expect(isWholesaleAt(state, revocation.data.revokedAt)).toBe(false);
          expect(revocation.data.revokedBy).toBe(revocation.data.userId);
          expect(revocation.data.personal.statement.length).toBeGreaterThanOrEqual(20);
          expect(
            history.some(
              (e) => e.type === 'VerificationApproved' && e.data.verificationId === revocation.data.verificationId,
            ),
          ).toBe(true);
          expect(revocation.data.revokedAt < state.validUntil!).toBe(true);
        }
        if (state.status === 'revoked') expect(state.revokedAt).not.toBeNull();
      },
    });
    // The runs reach revocations, not only refusals of them.
    expect(revocations).toBeGreaterThan(0);
  });
});
