import { FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Flex, Progress, Row, Typography, Upload } from 'antd';
import { useState } from 'react';
import { DOCUMENT_MESSAGES } from '@kauri/messages';
import { describeError, errorTitle } from '../../api/client';
import { uploadDocument } from '../../api/mutations';
import type { Asset, DocumentKind } from '../../api/types';
import { DOCUMENTS, documentKindsFor, documentsComplete } from '../../shared/documentKinds';
import { formatDate } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { useAssetRefresh } from '../../api/useAssetRefresh';

const MAX_BYTES = 10 * 1024 * 1024;

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Step 2: the asset type's two documents (docs/specification.md §2: 'PDF format, max 10MB'), uploaded with progress; the server
 * checks the content. The wizard stays here after an upload: once both are in, the owner moves on.
 */
export function DocumentsStep({
  asset,
  editable,
  onContinue,
}: {
  asset: Asset;
  editable: boolean;
  onContinue(): void;
}) {
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        {documentKindsFor(asset).map((kind) => (
          <Col key={kind} xs={24} md={12}>
            <DocumentCard asset={asset} editable={editable} kind={kind} {...DOCUMENTS[kind]} />
          </Col>
        ))}
      </Row>
      {editable && documentsComplete(asset) && (
        <Flex gap={12} align="center" justify="space-between" wrap>
          <Alert type="success" showIcon title="Both documents are uploaded." style={{ flex: '1 1 240px' }} />
          <Button type="primary" onClick={onContinue}>
            Continue to Valuation
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

function DocumentCard({
  asset,
  editable,
  kind,
  title,
  what,
}: {
  asset: Asset;
  editable: boolean;
  kind: DocumentKind;
  title: string;
  what: string;
}) {
  const toast = useToast();
  const refresh = useAssetRefresh();
  const [progress, setProgress] = useState<number | null>(null);
  const uploaded = asset.documents.find((doc) => doc.kind === kind);

  const send = async (file: File) => {
    // The same limits the server enforces, checked first so a person does not wait to be told.
    if (file.size > MAX_BYTES) return toast.error('Upload Failed', DOCUMENT_MESSAGES.tooLarge);
    if (file.type && file.type !== 'application/pdf') return toast.error('Upload Failed', DOCUMENT_MESSAGES.notPdf);
    setProgress(0);
    try {
      await uploadDocument(asset.id, kind, file, setProgress);
      await refresh();
      toast.success('Document Uploaded', `${title} uploaded`);
    } catch (error) {
      toast.error(errorTitle(error as Error, 'Upload Failed'), describeError(error as Error));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Card title={title} aria-label={title} style={{ height: '100%' }}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">PDF format, max 10MB</Typography.Text>
        <Typography.Text>{what}</Typography.Text>
        {uploaded && (
          <Flex gap={8} align="center">
            <FilePdfOutlined />
            <a href={`/api/assets/${encodeURIComponent(asset.id)}/documents/${uploaded.id}`}>{uploaded.fileName}</a>
            <Typography.Text type="secondary">
              {size(uploaded.size)} · {formatDate(uploaded.uploadedAt)}
            </Typography.Text>
          </Flex>
        )}
        {progress !== null && <Progress percent={progress} size="small" aria-label={`${title} upload progress`} />}
        {editable && (
          <Upload
            accept="application/pdf,.pdf"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void send(file);
              // Sent here, with its own progress: antd's own upload stays out of it.
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={progress !== null}>
              {uploaded ? `Replace ${title}` : `Upload ${title}`}
            </Button>
          </Upload>
        )}
      </Flex>
    </Card>
  );
}
