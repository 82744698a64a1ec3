import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { REVOCATION_MESSAGES, REVOCATION_STATEMENT } from '@kauri/messages';
import { ApiError, describeError } from '../../api/client';
import { revokeCertificate } from '../../api/mutations';
import { activitiesQuery, wholesaleStatusQuery } from '../../api/queries';
import { refreshAfterWrite } from '../../api/queryClient';
import { formatDate } from '../../shared/format';
import { useToast } from '../../shared/toast';

const { min: STATEMENT_MIN, max: STATEMENT_MAX } = REVOCATION_STATEMENT;

/**
 * "Revoke my certificate" (FMC Act 2013, Schedule 1 clause 46): the investor revokes their own wholesale
 * certificate in writing. The dialog says in plain words what follows — no new offers, no transfers to them, what
 * they hold stays theirs — and asks for the statement in their own words.
 */
export function RevokeCertificate() {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ statement: string }>();
  const toast = useToast();
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: async ({ statement }: { statement: string }) => {
      const result = await revokeCertificate(statement.trim());
      await refreshAfterWrite(queryClient, wholesaleStatusQuery, activitiesQuery);
      return result;
    },
    onSuccess: (result) => {
      setOpen(false);
      form.resetFields();
      toast.success('Certificate Revoked', `Your certificate is revoked from ${formatDate(result.revokedAt)}.`);
    },
    onError: (error) => {
      if (error instanceof ApiError)
        form.setFields(
          error.fieldErrors
            .filter((e) => e.field === 'statement')
            .map((e) => ({ name: 'statement' as const, errors: [e.message] })),
        );
      toast.error('Revocation Failed', describeError(error) || 'Your certificate could not be revoked');
    },
  });
  return (
    <>
      <Button danger onClick={() => setOpen(true)}>
        Revoke my certificate
      </Button>
      <Modal
        open={open}
        title="Revoke your wholesale investor certificate?"
        okText="Revoke Certificate"
        okButtonProps={{ danger: true, loading: revoke.isPending }}
        cancelText="Keep My Certificate"
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          From the moment you revoke it, you are no longer treated as a wholesale investor. You will not be able to
          invest in new offers on Kauri, and nobody can transfer tokens to you.
        </Typography.Paragraph>
        <Typography.Paragraph>
          What you already hold stays yours: your holdings, their value and any income from them are not affected.
        </Typography.Paragraph>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="This cannot be undone"
          description="To invest in new offers again later, you will need to be certified again and approved."
        />
        <Form form={form} layout="vertical" name="revoke" onFinish={(values) => revoke.mutate(values)}>
          <Form.Item
            name="statement"
            label="Your written revocation"
            extra="In your own words, for example: I revoke my wholesale investor certificate."
            rules={[
              {
                validator: (_, value: string | undefined) => {
                  const text = (value ?? '').trim();
                  if (text.length < STATEMENT_MIN) return Promise.reject(new Error(REVOCATION_MESSAGES.statement));
                  if (text.length > STATEMENT_MAX)
                    return Promise.reject(new Error(REVOCATION_MESSAGES.statementTooLong));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <Input.TextArea rows={4} maxLength={STATEMENT_MAX} aria-label="Your written revocation" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
