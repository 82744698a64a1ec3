import { registerUpcaster } from '../../platform/event-store/upcasters.js';

/** InterestRegistered v1 held the registrant unsealed as `registrant`; v2 names the person and seals `personal`. */
registerUpcaster('InterestRegistered', 1, (data) => {
  const { registrant, ...rest } = data as { registrationId: string; registrant: unknown };
  return { ...rest, subjectId: rest.registrationId, personal: registrant };
});
