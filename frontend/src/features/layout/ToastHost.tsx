import { lazy, Suspense } from 'react';
import { useToasterWanted } from '../toast';

const Toaster = lazy(() => import('./Toaster'));

/** Mounts the Toaster once the first toast is asked for (see toast.ts). */
export function ToastHost() {
  return useToasterWanted() ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
