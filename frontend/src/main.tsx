import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { ConfigProvider } from 'antd';
import 'antd/dist/reset.css';
import './reduced-motion.css';
import { type ReactNode, StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './api/queryClient';
import { reloadForNewVersion } from './chunks';
import { router } from './router';
import { BaseText } from './features/layout/BaseText';
import { ToastHost } from './features/layout/ToastHost';
import { usePrefersReducedMotion, withMotionPreference } from './features/layout/reducedMotion';
import { theme } from './theme';

// Vite reports a chunk's preloaded dependencies that fail to load (a deploy replaced them): load the new version.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForNewVersion()) event.preventDefault();
});

/** antd's configuration: the brand theme, without animations for people who asked their system for less motion. */
function Themed({ children }: { children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  const themed = useMemo(() => withMotionPreference(theme, reducedMotion), [reducedMotion]);
  return (
    // Tooltips open after 0.7 s (docs/specification.md §9), so passing the pointer over the page does not flash them.
    <ConfigProvider theme={themed} tooltip={{ mouseEnterDelay: 0.7 }}>
      {children}
    </ConfigProvider>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

createRoot(container).render(
  <StrictMode>
    <Themed>
      <BaseText>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </BaseText>
      {/* Toasts (docs/specification.md §9): one at a time, each for 5 seconds, below the header; loaded on the first one. */}
      <ToastHost />
    </Themed>
  </StrictMode>,
);
