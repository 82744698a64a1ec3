import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  List,
  Progress,
  Radio,
  Select,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { EVIDENCE_TOO_LARGE, VERIFICATION_MESSAGES } from '@kauri/messages';
import { ApiError, describeError } from '../../api/client';
import { submitVerification, uploadEvidence } from '../../api/mutations';
import { wholesaleStatusQuery } from '../../api/queries';
import { refreshAfterWrite } from '../../api/queryClient';
import type { EvidenceRef, VerificationSubmission, WholesaleStatus } from '../../api/types';
import { formatDate, groupedWholeNumber } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { professionalTypes, verificationTypes } from '../../shared/verificationOptions';
import { ResultHeading } from '../../shared/ui/ResultHeading';

const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = '.pdf,.doc,.docx,.jpg,.jpeg,.png';

/** The submission form (docs/specification.md §2, §3, §5): the category, its grounds, the confirming verifier, the evidence. */
export function VerificationForm({ previous }: { previous: WholesaleStatus }) {
  const [form] = Form.useForm<VerificationSubmission>();
  const type = Form.useWatch('verificationType', form);
  const [documents, setDocuments] = useState<EvidenceRef[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const toast = useToast();
  const queryClient = useQueryClient();

  const upload = async (file: File) => {
    if (file.size > MAX_BYTES) return toast.error('Upload Failed', EVIDENCE_TOO_LARGE);
    setProgress(0);
    try {
      const ref = await uploadEvidence(file, setProgress);
      setDocuments((list) => [...list, ref]);
    } catch (error) {
      toast.error('Upload Failed', describeError(error as Error));
    } finally {
      setProgress(null);
    }
  };

  const submit = useMutation({
    mutationFn: async (values: VerificationSubmission) => {
      await submitVerification({ ...values, verificationDocuments: documents });
      await refreshAfterWrite(queryClient, wholesaleStatusQuery);
    },
    onSuccess: () =>
      toast.success('Verification Submitted', 'Your wholesale investor verification has been submitted for review.'),
    onError: (error) => {
      if (error instanceof ApiError)
        form.setFields(
          error.fieldErrors
            .filter((e) => e.field !== 'verificationDocuments')
            .map((e) => ({ name: e.field as keyof VerificationSubmission, errors: [e.message] })),
        );
      toast.error(
        'Submission Failed',
        error instanceof ApiError && error.body ? error.body.message : 'Failed to submit verification',
      );
    },
  });

  return (
    <Card title={<ResultHeading>Wholesale Investor Verification</ResultHeading>}>
      {previous.verificationStatus === 'rejected' && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="Your last verification was not approved"
          description={previous.rejectionReason}
        />
      )}
      {previous.verificationStatus === 'revoked' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`Revoked on ${previous.revokedAt ? formatDate(previous.revokedAt) : 'an earlier date'}`}
          description="You revoked your wholesale investor certificate in writing. What you hold stays yours; to invest in new offers again, get certified again below."
        />
      )}
      {previous.verificationStatus === 'expired' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="Your certification has lapsed"
          description="Wholesale certifications are valid for a limited time. Please verify again to keep investing."
        />
      )}
      <Typography.Paragraph type="secondary">
        Offers on Kauri are open only to wholesale investors under the Financial Markets Conduct Act 2013, Schedule 1. A
        lawyer, accountant or financial adviser confirms your certification; our team reviews it within 2-5 business
        days.
      </Typography.Paragraph>
      <Form
        form={form}
        name="wholesale"
        layout="vertical"
        disabled={submit.isPending}
        onFinish={(values) => submit.mutate(values)}
      >
        <Form.Item
          name="verificationType"
          label="How do you qualify?"
          rules={[{ required: true, message: VERIFICATION_MESSAGES.verificationType }]}
        >
          <Radio.Group>
            <Flex vertical gap={8}>
              {verificationTypes.map((t) => (
                <Radio key={t.value} value={t.value}>
                  <Typography.Text strong>{t.label}</Typography.Text>{' '}
                  <Typography.Text type="secondary">— {t.help}</Typography.Text>
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        </Form.Item>
        {type === 'high_net_worth' && (
          <Form.Item
            name="netWorthAmount"
            label="Net Worth (NZD)"
            rules={[{ required: true, type: 'number', min: 5_000_000, message: VERIFICATION_MESSAGES.netWorthAmount }]}
          >
            <InputNumber min={0} {...groupedWholeNumber} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {type === 'large_investment' && (
          <Form.Item
            name="investmentAmount"
            label="Investment Amount (NZD)"
            rules={[{ required: true, type: 'number', min: 750_000, message: VERIFICATION_MESSAGES.investmentAmount }]}
          >
            <InputNumber min={0} {...groupedWholeNumber} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {type === 'professional' && (
          <Form.Item
            name="professionalType"
            label="Profession"
            rules={[{ required: true, message: VERIFICATION_MESSAGES.professionalType }]}
          >
            <Select options={professionalTypes} placeholder="Select profession" />
          </Form.Item>
        )}
        <Flex gap={16} wrap>
          <Form.Item
            name="verifierName"
            label="Verifier Name"
            style={{ flex: 1, minWidth: 220 }}
            rules={[{ required: true, min: 2, whitespace: true, message: VERIFICATION_MESSAGES.verifierName }]}
          >
            <Input placeholder="The lawyer, accountant or adviser confirming your certification" />
          </Form.Item>
          <Form.Item
            name="verifierContact"
            label="Verifier Email"
            style={{ flex: 1, minWidth: 220 }}
            rules={[{ required: true, type: 'email', message: VERIFICATION_MESSAGES.verifierContact }]}
          >
            <Input placeholder="name@firm.co.nz" />
          </Form.Item>
        </Flex>
        <Form.Item label="Supporting Documents" extra="PDF, DOC, DOCX, JPG or PNG; at most 10MB each">
          <Flex vertical gap={8}>
            <Upload
              accept={ACCEPT}
              multiple
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                // Sent here, with its own progress: antd's own upload stays out of it.
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={progress !== null}>
                Add Document
              </Button>
            </Upload>
            {progress !== null && <Progress percent={progress} size="small" aria-label="Upload progress" />}
            {documents.length > 0 && (
              <List
                size="small"
                bordered
                dataSource={documents}
                renderItem={(doc) => (
                  <List.Item
                    actions={[
                      <Button
                        key="remove"
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={`Remove ${doc.filename}`}
                        onClick={() => setDocuments((list) => list.filter((d) => d.url !== doc.url))}
                      />,
                    ]}
                  >
                    <Flex gap={8}>
                      <PaperClipOutlined />
                      {doc.filename}
                    </Flex>
                  </List.Item>
                )}
              />
            )}
          </Flex>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          Submit Verification
        </Button>
      </Form>
    </Card>
  );
}
