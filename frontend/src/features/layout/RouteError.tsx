import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { Button, Result } from 'antd';
import { useEffect, useState } from 'react';
import { isChunkLoadError, reloadForNewVersion } from '../../chunks';
import { PageSpinner } from './PageSpinner';
import { ResultHeading } from './ResultHeading';

/**
 * The router's error view for every route (in the first chunk, so it shows when others cannot load). A chunk
 * that failed to load reloads the page once (a deploy replaced it); anything else — or a chunk still missing
 * after the reload — says so, with a way to try again, instead of leaving the page blank.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const chunk = isChunkLoadError(error);
  const [reloading] = useState(() => chunk && reloadForNewVersion());
  useEffect(() => {
    if (!reloading) console.error(error);
  }, [error, reloading]);
  if (reloading) return <PageSpinner />;
  return (
    <Result
      status="warning"
      title={<ResultHeading>{chunk ? 'Kauri has been updated' : 'Something went wrong'}</ResultHeading>}
      subTitle={
        chunk
          ? 'Part of this page could not be loaded. Reload to get the latest version.'
          : 'This page could not be shown. Please try again.'
      }
      extra={
        chunk ? (
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
        )
      }
    />
  );
}
