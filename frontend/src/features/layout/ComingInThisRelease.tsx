import { Result } from 'antd';
import { ButtonLink } from './ButtonLink';
import { ResultHeading } from './ResultHeading';

/** A signed-in app page whose screen is not part of this release yet: says so plainly. */
export function ComingInThisRelease({ title }: { title: string }) {
  return (
    <Result
      status="info"
      title={<ResultHeading>{title}</ResultHeading>}
      subTitle="This part of Kauri is being prepared and opens with the platform launch."
      extra={
        <ButtonLink to="/" color="primary" variant="solid">
          Back to Dashboard
        </ButtonLink>
      }
    />
  );
}
