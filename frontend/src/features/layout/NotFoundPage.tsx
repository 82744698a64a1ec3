import { Result } from 'antd';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { ResultHeading } from '../../shared/ui/ResultHeading';

/** Fallback for any path the route table does not know (docs/specification.md §2). */
export function NotFoundPage() {
  return (
    <Result
      status="404"
      title={<ResultHeading>404 Page Not Found</ResultHeading>}
      subTitle="The page you are looking for does not exist or has moved."
      extra={
        <ButtonLink to="/" color="primary" variant="solid">
          Back to Home
        </ButtonLink>
      }
    />
  );
}
