import { Button, Flex, Input, Modal, Popconfirm } from 'antd';
import { type ReactNode, useState } from 'react';

/** A second admin's decision on a request: approve as is, or reject with the reason the requester sees. */
export type Decision = { approve: true } | { approve: false; reason: string };

interface Props {
  /** The Popconfirm's question before approving, e.g. "Approve: issue 1,000 tokens?". */
  approveTitle: string;
  approveDescription?: ReactNode;
  rejectTitle: string;
  reasonPlaceholder: string;
  /** Sends the decision; a rejected promise keeps the reject dialog open (the caller's mutation says why). */
  onDecide: (decision: Decision) => Promise<unknown>;
}

/**
 * Four eyes' Approve / Reject cell of a queue's row (freezes, supply changes): approve after a confirmation, reject
 * in a dialog that asks for the reason. Each row keeps its own state, so only the row being decided shows loading.
 */
export function FourEyesDecision({
  approveTitle,
  approveDescription,
  rejectTitle,
  reasonPlaceholder,
  onDecide,
}: Props) {
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const decide = async (decision: Decision) => {
    setDeciding(decision.approve ? 'approve' : 'reject');
    try {
      await onDecide(decision);
      setRejecting(false);
      setReason('');
    } catch {
      // The caller's mutation reports the failure; the dialog stays open with the reason typed.
    } finally {
      setDeciding(null);
    }
  };
  return (
    <Flex gap={8}>
      <Popconfirm
        title={approveTitle}
        description={approveDescription}
        okText="Approve"
        onConfirm={() => decide({ approve: true })}
      >
        <Button type="primary" size="small" loading={deciding === 'approve'}>
          Approve
        </Button>
      </Popconfirm>
      <Button size="small" onClick={() => setRejecting(true)}>
        Reject
      </Button>
      <Modal
        open={rejecting}
        title={rejectTitle}
        okText="Reject"
        okButtonProps={{ danger: true, disabled: !reason.trim(), loading: deciding === 'reject' }}
        onOk={() => decide({ approve: false, reason: reason.trim() })}
        onCancel={() => setRejecting(false)}
      >
        <Input.TextArea
          rows={3}
          value={reason}
          maxLength={1000}
          onChange={(e) => setReason(e.target.value)}
          placeholder={reasonPlaceholder}
          aria-label="Reason"
        />
      </Modal>
    </Flex>
  );
}
