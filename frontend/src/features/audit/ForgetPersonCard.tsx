import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { describeError } from '../../api/client';
import { forgetPerson } from '../../api/mutations';
import { subjectQuery } from '../../api/queries';
import { useToast } from '../../shared/toast';
import { formatDate } from '../../shared/format';

/**
 * Privacy Act 2020: forgetting a person deletes their key, so their personal data in events can no longer be
 * read. The server refuses while AML/CFT record keeping applies and says until when; that reason is shown.
 */
export function ForgetPersonCard() {
  const toast = useToast();
  const client = useQueryClient();
  const [subjectId, setSubjectId] = useState('');
  const [checked, setChecked] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const standing = useQuery({ ...subjectQuery(checked ?? ''), enabled: !!checked });
  const forget = useMutation({
    mutationFn: () => forgetPerson(checked!, reason),
    onSuccess: async () => {
      toast.success(
        'Person Forgotten',
        'Their personal data can no longer be read; the read models that held copies are being rebuilt.',
      );
      // The person's standing and the timeline both change; every audit query is read afresh.
      await client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/audit/') });
    },
  });
  const s = standing.data;
  return (
    <Card title="Forget a Person" size="small">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          A user id, a registration id or an off-platform investor id (the subjectId in events).
        </Typography.Text>
        <Space.Compact style={{ maxWidth: 480 }}>
          <Input
            aria-label="Person (subject id)"
            placeholder="subject id"
            value={subjectId}
            onChange={(e) => setSubjectId(e.target.value)}
            onPressEnter={() => setChecked(subjectId.trim() || null)}
          />
          <Button
            onClick={() => {
              forget.reset();
              setChecked(subjectId.trim() || null);
            }}
          >
            Check
          </Button>
        </Space.Compact>
        {standing.error && (
          <Alert
            type="error"
            showIcon
            title="Could not check this person."
            description={describeError(standing.error)}
          />
        )}
        {s && (
          <>
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label="Events with personal data">{s.personalEvents}</Descriptions.Item>
              <Descriptions.Item label="AML/CFT customer">
                {s.customer ? <Tag color="gold">Yes</Tag> : <Tag>No</Tag>}
              </Descriptions.Item>
              {s.relationshipEnded && (
                <Descriptions.Item label="Last customer activity">{formatDate(s.relationshipEnded)}</Descriptions.Item>
              )}
              {s.retainedUntil && (
                <Descriptions.Item label="Records kept until">{formatDate(s.retainedUntil)}</Descriptions.Item>
              )}
              <Descriptions.Item label="Status">
                {s.forgotten ? <Tag>Forgotten</Tag> : <Tag color="green">Readable</Tag>}
              </Descriptions.Item>
            </Descriptions>
            {!s.forgotten && (
              <Flex vertical gap={8} style={{ maxWidth: 480 }}>
                <Input
                  aria-label="Reason"
                  placeholder="Reason, e.g. request under the Privacy Act 2020"
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />
                <Popconfirm
                  title="Forget this person?"
                  description="Their personal data becomes unreadable for good."
                  okText="Forget"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => forget.mutate()}
                >
                  <Button danger loading={forget.isPending} style={{ alignSelf: 'flex-start' }}>
                    Forget This Person
                  </Button>
                </Popconfirm>
              </Flex>
            )}
          </>
        )}
        {forget.error && <Alert type="error" showIcon title="Refused" description={describeError(forget.error)} />}
      </Flex>
    </Card>
  );
}
