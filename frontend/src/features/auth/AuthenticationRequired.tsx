import { useNavigate } from '@tanstack/react-router';
import { Result } from 'antd';
import { useEffect } from 'react';
import { ResultHeading } from '../../shared/ui/ResultHeading';

/** Delay before a signed-out visitor of /tokenize is sent home (docs/specification.md §6, §9). */
export const TOKENIZE_REDIRECT_MS = 1000;

/** /tokenize for a signed-out visitor (docs/specification.md §6): the notice, then home after one second. */
export function AuthenticationRequired() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate({ to: '/' }), TOKENIZE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <Result
      status="403"
      title={<ResultHeading>Authentication Required</ResultHeading>}
      subTitle="Please sign in to access tokenization features."
    />
  );
}
