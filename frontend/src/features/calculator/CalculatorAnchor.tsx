import { lazy, Suspense } from 'react';
import { PageSpinner } from '../layout/PageSpinner';

// The calculator sits below the fold: its code (forms, results) loads after the page has rendered.
const CalculatorSection = lazy(() => import('./CalculatorSection'));

/**
 * The #calculator anchor is rendered at once, outside the lazy boundary, so 'Try Calculator' and the
 * mobile menu's "Calculator" can scroll to it before the calculator's code has arrived.
 */
export function CalculatorAnchor() {
  return (
    <section id="calculator" style={{ scrollMarginTop: 80, minHeight: 480 }}>
      <Suspense fallback={<PageSpinner />}>
        <CalculatorSection />
      </Suspense>
    </section>
  );
}
