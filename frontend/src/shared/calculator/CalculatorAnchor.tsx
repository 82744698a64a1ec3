import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { PageSpinner } from '../ui/PageSpinner';

const CalculatorSection = lazy(() => import('./CalculatorSection'));

/**
 * The #calculator anchor is rendered at once, so 'Try Calculator' and the mobile menu's "Calculator" can
 * scroll to it at any time. The calculator's code (forms, results) loads only when the section comes
 * near the viewport: it sits below the fold, and most of a first visit never needs it.
 */
export function CalculatorAnchor() {
  const anchor = useRef<HTMLElement>(null);
  const [near, setNear] = useState(() => window.location.hash === '#calculator');
  useEffect(() => {
    const element = anchor.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '600px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <section id="calculator" ref={anchor} style={{ scrollMarginTop: 80, minHeight: 480 }}>
      {near && (
        <Suspense fallback={<PageSpinner />}>
          <CalculatorSection />
        </Suspense>
      )}
    </section>
  );
}
