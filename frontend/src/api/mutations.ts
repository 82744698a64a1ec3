/** Write calls, one function per command the backend accepts. */
import { apiRequest } from './client';
import type { RegisterInterestRequest, RegistrationReceipt } from './types';

export function registerInterest(request: RegisterInterestRequest): Promise<RegistrationReceipt> {
  return apiRequest<RegistrationReceipt>('POST', '/api/register-interest', request);
}
