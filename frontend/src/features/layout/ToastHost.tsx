import { Suspense } from 'react';
import { lazyWithRetry } from '../../chunks';
import { useToasterWanted } from '../../shared/toast';

const Toaster = lazyWithRetry(() => import('./Toaster'));

/** Mounts the Toaster once the first toast is asked for (see toast.ts). */
export function ToastHost() {
  return useToasterWanted() ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
