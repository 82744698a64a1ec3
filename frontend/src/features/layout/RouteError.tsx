import { ExclamationCircleFilled } from '@ant-design/icons';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { Button, Flex, theme } from 'antd';
import { useEffect, useState } from 'react';
import { isChunkLoadError, reloadForNewVersion } from '../../chunks';
import { PageSpinner } from '../../shared/ui/PageSpinner';

/**
 * The router's error view for every route (in the first chunk, so it shows when others cannot load). A chunk
 * that failed to load reloads the page once (a deploy replaced it); anything else — or a chunk still missing
 * after the reload — says so, with a way to try again, instead of leaving the page blank.
 *
 * Laid out like antd's warning Result without using it: Result bundles three large illustrations, which would
 * weigh on every page's first load (the landing page's 200 kB budget) for a view that is rarely seen.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const { token } = theme.useToken();
  const chunk = isChunkLoadError(error);
  const [reloading] = useState(() => chunk && reloadForNewVersion());
  useEffect(() => {
    if (!reloading) console.error(error);
  }, [error, reloading]);
  if (reloading) return <PageSpinner />;
  return (
    <Flex
      vertical
      align="center"
      gap={token.marginMD}
      style={{ padding: `${token.paddingXL * 1.5}px ${token.paddingLG}px` }}
    >
      <ExclamationCircleFilled style={{ fontSize: 72, color: token.colorWarning }} />
      <h1 style={{ margin: 0, fontSize: token.fontSizeHeading3, color: token.colorTextHeading, fontWeight: 'normal' }}>
        {chunk ? 'Kauri has been updated' : 'Something went wrong'}
      </h1>
      <p style={{ margin: 0, color: token.colorTextDescription, textAlign: 'center' }}>
        {chunk
          ? 'Part of this page could not be loaded. Reload to get the latest version.'
          : 'This page could not be shown. Please try again.'}
      </p>
      {chunk ? (
        <Button type="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      ) : (
        <Button
          type="primary"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try Again
        </Button>
      )}
    </Flex>
  );
}
