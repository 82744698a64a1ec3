import { Tooltip, Typography } from 'antd';
import type { AuditActor, AuditEvent } from '../../api/types';
import { actorName, partyName, type Names } from './describe';

/** Text with its id on hover (or focus): names for reading, ids for copying into a filter. */
function WithId({ text, id, forgotten }: { text: string; id: string | null; forgotten?: boolean }) {
  const shown = forgotten ? <Typography.Text type="secondary">{text}</Typography.Text> : text;
  if (!id) return <span>{shown}</span>;
  return (
    <Tooltip title={<span style={{ wordBreak: 'break-all' }}>{id}</span>}>
      {/* Focusable, so the id can be read without a mouse too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip's trigger */}
      <span tabIndex={0} style={{ borderBottom: '1px dotted currentColor', cursor: 'help' }}>
        {shown}
      </span>
    </Tooltip>
  );
}

export function ActorName({ actor, names }: { actor: AuditActor; names: Names }) {
  return <WithId {...actorName(actor, names)} />;
}

/** A stream by name ("Offering · Harbour View Series A") with its id on hover; the id itself when unnamed. */
export function StreamName({ streamId, names, revision }: { streamId: string; names: Names; revision?: number }) {
  const name = names.stream(streamId);
  const suffix = revision === undefined ? '' : ` #${revision}`;
  return name ? <WithId text={`${name}${suffix}`} id={streamId} /> : <span>{`${streamId}${suffix}`}</span>;
}

/** Four eyes: who asked and who decided, under a decision event's actor; nothing for an event that decides nothing. */
export function DecisionParties({ event, names }: { event: Pick<AuditEvent, 'decision'>; names: Names }) {
  const { decision } = event;
  if (!decision) return null;
  return (
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
      requested by <WithId {...partyName(decision.requestedBy, names)} /> · decided by{' '}
      <WithId {...partyName(decision.decidedBy, names)} />
    </Typography.Text>
  );
}
