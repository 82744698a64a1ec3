import { getRouteApi } from '@tanstack/react-router';
import { Button, Card, Col, DatePicker, Flex, Input, Result, Row, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import type { AuditFilter, User } from '../../api/types';
import { ResultHeading } from '../../shared/ui/ResultHeading';
import { AuditFilters } from './AuditFilters';
import { AuditTimeline } from './AuditTimeline';
import { CorrelationDrawer } from './CorrelationDrawer';
import { ExportCard } from './ExportCard';
import { instantOfPicked } from './filters';
import { ForgetPersonCard } from './ForgetPersonCard';
import { IntegrityCard } from './IntegrityCard';
import { StateDrawer, type StateRequest } from './StateDrawer';

const route = getRouteApi('/_signedIn/audit');

/**
 * /audit, for compliance staff and admins: the whole history with filters, the chain one request caused,
 * any aggregate at a past moment, tamper evidence, export, and forgetting a person. The server enforces the
 * roles and records each read; this page only spares others an empty screen. The filters live in the
 * address (/audit?type=…), so a filtered view can be reloaded, bookmarked and shared.
 */
export function AuditPage({ user }: { user: User }) {
  const filter = route.useSearch();
  const navigate = route.useNavigate();
  const setFilter = (next: AuditFilter) => void navigate({ search: next });
  const [chain, setChain] = useState<string | null>(null);
  const [state, setState] = useState<StateRequest | null>(null);
  if (!user.roles.includes('admin') && !user.roles.includes('compliance')) {
    return (
      <Result
        status="403"
        title={<ResultHeading>No Access</ResultHeading>}
        subTitle="The audit history is for Kauri compliance staff and administrators only."
      />
    );
  }
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1400, margin: '0 auto', padding: '32px 16px' }}>
      <div>
        <Typography.Title level={1} style={{ margin: 0 }}>
          Audit History
        </Typography.Title>
        <Typography.Text type="secondary">
          Every event as recorded, who caused it and why. Your reading of this history is itself recorded.
        </Typography.Text>
      </div>
      <AuditFilters filter={filter} onApply={setFilter} />
      <AuditTimeline
        filter={filter}
        actions={{ showChain: setChain, showStateAt: (streamId, at) => setState({ streamId, at }) }}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <StateLookup onLookup={setState} />
        </Col>
        <Col xs={24} lg={12}>
          <IntegrityCard />
        </Col>
        <Col xs={24} lg={12}>
          <ExportCard filter={filter} />
        </Col>
        <Col xs={24} lg={12}>
          <ForgetPersonCard />
        </Col>
      </Row>
      <CorrelationDrawer correlationId={chain} onClose={() => setChain(null)} />
      <StateDrawer request={state} onClose={() => setState(null)} />
    </Flex>
  );
}

/** Any aggregate at any moment, typed in: "what did we know when this investor invested?" */
function StateLookup({ onLookup }: { onLookup: (request: StateRequest) => void }) {
  const [streamId, setStreamId] = useState('');
  const [at, setAt] = useState<Dayjs | null>(null);
  return (
    <Card title="Aggregate at a Past Moment" size="small">
      <Space wrap>
        <Input
          aria-label="Stream id"
          placeholder="offering-… or verification-…"
          value={streamId}
          onChange={(e) => setStreamId(e.target.value)}
          style={{ width: 260 }}
        />
        <DatePicker
          aria-label="Moment (NZ time)"
          placeholder="Moment (NZ time)"
          showTime
          value={at}
          onChange={setAt}
          style={{ width: 260 }}
        />
        <Button
          disabled={!streamId.trim() || !at}
          onClick={() => onLookup({ streamId: streamId.trim(), at: instantOfPicked(at!) })}
        >
          Show State
        </Button>
      </Space>
    </Card>
  );
}
