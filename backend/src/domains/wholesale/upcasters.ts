import { registerUpcaster } from '../../platform/event-store/upcasters.js';

/** VerificationSubmitted v1 did not name the person its `personal` is about; v2 does (the applicant). */
registerUpcaster('VerificationSubmitted', 1, (data) => {
  const v1 = data as { userId: string };
  return { ...v1, subjectId: v1.userId };
});

/** VerificationExpired v1 did not say who swept; every v1 sweep ran as the system's verification-expiry. */
registerUpcaster('VerificationExpired', 1, (data) => ({
  ...(data as object),
  expiredBy: { kind: 'system', name: 'verification-expiry' },
}));
