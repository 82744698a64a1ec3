import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Progress, Space, Typography } from 'antd';
import { useState } from 'react';
import { describeError, download } from '../../api/client';
import { auditSearch } from '../../api/queries';
import type { AuditFilter } from '../../api/types';

/**
 * Exports the filtered history, streamed by the server. Progress is how far through the log the rows have
 * come: the last position received against the head position the server announced.
 */
export function ExportCard({ filter }: { filter: AuditFilter }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<Error | null>(null);

  async function run(format: 'csv' | 'json') {
    setError(null);
    setProgress(0);
    let last = 0;
    try {
      const { blob, fileName } = await download(
        `/api/audit/export${auditSearch({ ...filter, format })}`,
        setProgress,
        (text, response) => {
          const head = Number(response.headers.get('x-head-position')) || 0;
          const positions =
            format === 'csv' ? [...text.matchAll(/(?:^|\n)(\d+),/g)] : [...text.matchAll(/"position":(\d+)/g)];
          if (positions.length) last = Number(positions.at(-1)![1]);
          return head ? last / head : null;
        },
      );
      const url = URL.createObjectURL(blob);
      const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      setError(e instanceof Error ? e : new Error(String(e)));
    } finally {
      setTimeout(() => setProgress(null), 1500);
    }
  }

  return (
    <Card title="Export" size="small">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          The events matching the filters above, with their data and metadata.
        </Typography.Text>
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void run('csv')}
            disabled={progress !== null && progress < 1}
          >
            Export CSV
          </Button>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void run('json')}
            disabled={progress !== null && progress < 1}
          >
            Export JSON
          </Button>
        </Space>
        {progress !== null && (
          <Progress
            percent={Math.floor(progress * 100)}
            status={progress < 1 ? 'active' : 'success'}
            aria-label="Export progress"
          />
        )}
        {error && <Alert type="error" showIcon title="Export failed." description={describeError(error)} />}
      </Flex>
    </Card>
  );
}
