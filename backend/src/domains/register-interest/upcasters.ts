import { registerUpcaster } from '../../platform/event-store/upcasters.js';

/** InterestRegistered v1 held the registrant unsealed as `registrant`; v2 names the person and seals `personal`. */
registerUpcaster('InterestRegistered', 1, (data) => {
  const { registrant, ...rest } = data as { registrationId: string; registrant: unknown };
  return { ...rest, subjectId: rest.registrationId, personal: registrant };
});

/** InterestRegistered v2 was numbered and waived on submission; v3 waits for confirmation and keeps a v2 place. */
registerUpcaster('InterestRegistered', 2, (data) => {
  const { number, feeWaived, ...rest } = data as { number: number; feeWaived: boolean };
  return { ...rest, placeOnRegistration: { number, feeWaived } };
});
