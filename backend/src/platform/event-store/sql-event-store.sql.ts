import type { DbInt } from './sql-database.js';

/**
 * The SQL the event store runs on PostgreSQL and PGlite alike (the adapter, sql-event-store.ts, sends it; the
 * migrations, sql-event-store.migrations.ts, install the functions): one place to read what reaches the database.
 */

/** Arbitrary constants naming Kauri's advisory locks (any other user of the database must avoid them). */
export const POSITION_LOCK = 0x4b61_7572_6901;
export const SCHEMA_LOCK = 0x4b61_7572_6902;

/** Raised inside kauri_append when a stream is not at the expected revision; the detail is its revision. */
export const WRONG_REVISION = 'kauri: wrong expected revision';

/**
 * Appends in one statement, so one round trip and one commit: `kauri_append_one` for one append, `kauri_append`
 * for every append that came in while the previous call was under way (group commit: concurrent writers share a
 * commit instead of queueing for one each). `p_appends` is `[{ stream, expected, events, ... }]`, applied in
 * order, each all or nothing on its own (a subtransaction) and answered by its own row: `next_revision`,
 * `last_position` and `last_hash`, or the error that refused it. A single append that is refused raises.
 *
 * First the streams' rows are locked — for a group in one order, so that two calls cannot deadlock on them — in
 * the write that moves each stream's revision; then, on a server, the position lock is taken: a bigserial value
 * becomes visible at commit, not at insert, so two overlapping transactions could commit positions out of order,
 * and a reader that has passed position P would never see a lower one that commits later. Holding this lock up to
 * commit serialises position assignment; PostgreSQL makes a transaction visible before it releases its locks, so
 * positions become visible in increasing order (PGlite's one connection never overlaps transactions). Each
 * statement of a PL/pgSQL function takes a fresh snapshot: once the locks are granted, the rest sees what the
 * writer before committed.
 *
 * Then each append: check the expected revision, take the caller's hashes when they chain from the head's hash
 * kept in the stream's row (else chain each event's hash here, over the text the database stores: jsonb's
 * canonical rendering, the same text `verifyIntegrity` reads back, hashed as `chainHash` does), and insert.
 * Idempotency rests on the unique (stream, event id) constraint: a retry is sent again with `p_check_stored`,
 * which drops the events already stored (a repeat answers what the first attempt answered). An append refused
 * within a group keeps nothing but its stream's row, at revision -1 for a stream that had none: that reads as no
 * stream. On a server (`p_notify`), a NOTIFY wakes the other processes' subscriptions, delivered at commit.
 */
export const APPEND_FUNCTIONS = [
  `
create or replace function kauri_append_one(
  p_stream text, p_expected text, p_events jsonb, p_notify boolean, p_position_lock boolean,
  p_from_revision bigint, p_from_hash text, p_hashes text[], p_check_stored boolean
)
returns table (next_revision bigint, last_position bigint, last_hash text)
language plpgsql as $fn$
declare
  v_count bigint := jsonb_array_length(p_events);
  -- The last of the caller's hashes: the stream's new head hash, if they chain from its head.
  v_given text := case when cardinality(p_hashes) = v_count then p_hashes[v_count] end;
  v_current bigint;
  v_hashed boolean;
  v_fresh jsonb := p_events;
  v_previous text;
  v_hashes text[] := '{}';
  v_event jsonb;
  v_revision bigint;
  v_expected_ok boolean;
begin
  -- One write locks the stream's row (creating it), moves its revision past the batch and, when the caller's
  -- hashes chain from the head it holds, records the new head's hash; a refused append raises, which takes it back.
  insert into streams as st (stream_id, revision, hash)
  values (p_stream, v_count - 1, case when p_from_revision = -1 and p_from_hash = '' then v_given end)
  on conflict (stream_id) do update set
    revision = st.revision + v_count,
    hash = case when st.revision = p_from_revision and st.hash = p_from_hash then v_given end
  returning st.revision - v_count, st.hash is not null into v_current, v_hashed;

  v_expected_ok := p_expected = 'any'
    or (p_expected = 'no_stream' and v_current = -1)
    or (p_expected = 'stream_exists' and v_current >= 0)
    or (p_expected ~ '^-?[0-9]+$' and p_expected::bigint = v_current);
  -- Idempotency: an event id already in the stream makes the insert fail (events_stream_event_id), and the
  -- caller asks again with p_check_stored; a repeat usually expects a revision gone by. Either way the events
  -- already stored are dropped (an index probe each).
  if v_current >= 0 and (p_check_stored or not v_expected_ok) then
    select coalesce(jsonb_agg(e.value order by e.ord), '[]'::jsonb) into v_fresh
    from jsonb_array_elements(p_events) with ordinality as e(value, ord)
    where not exists (
      select 1 from events x
      where x.stream_id = p_stream and x.event_id = (e.value -> 'metadata' ->> 'eventId')::uuid
    );
    if jsonb_array_length(v_fresh) < v_count then
      v_hashed := false;
      update streams set revision = v_current + jsonb_array_length(v_fresh) where stream_id = p_stream;
    end if;
    if jsonb_array_length(v_fresh) = 0 then
      update streams set hash = (select x.hash from events x where x.stream_id = p_stream and x.revision = v_current)
      where stream_id = p_stream;
      -- An idempotent repeat: what the first attempt answered, whatever revision is expected now.
      return query
        select x.revision, x.position, x.hash from events x
        where x.stream_id = p_stream
          and x.event_id = (p_events -> (v_count - 1)::integer -> 'metadata' ->> 'eventId')::uuid;
      return;
    end if;
  end if;
  if not v_expected_ok then
    raise exception '${WRONG_REVISION}' using detail = v_current::text;
  end if;

  if v_hashed then
    v_hashes := p_hashes;
  else
    -- Hashed here, from the stored head: the caller's hashes (see jsonb-text.ts) did not chain from it.
    select x.hash into v_previous from events x where x.stream_id = p_stream and x.revision = v_current;
    v_previous := coalesce(v_previous, '');
    v_revision := v_current;
    for v_event in select e.value from jsonb_array_elements(v_fresh) as e(value) loop
      v_revision := v_revision + 1;
      v_previous := encode(sha256(convert_to(
        v_previous || E'\\n' || p_stream || E'\\n' || v_revision::text || E'\\n'
          || lower(v_event -> 'metadata' ->> 'eventId') || E'\\n' || (v_event ->> 'type') || E'\\n'
          || coalesce((v_event -> 'data')::text, 'null') || E'\\n' || (v_event -> 'metadata')::text,
        'UTF8')), 'hex');
      v_hashes := v_hashes || v_previous;
    end loop;
    update streams set hash = v_previous where stream_id = p_stream;
  end if;
  if p_position_lock then
    perform pg_advisory_xact_lock(${POSITION_LOCK});
  end if;
  return query
    with inserted as (
      insert into events (stream_id, revision, event_id, type, data, metadata, hash)
      select p_stream, v_current + e.ord, (e.value -> 'metadata' ->> 'eventId')::uuid, e.value ->> 'type',
             e.value -> 'data', e.value -> 'metadata', v_hashes[e.ord]
      from jsonb_array_elements(v_fresh) with ordinality as e(value, ord)
      order by e.ord
      returning events.revision, events.position
    )
    select max(i.revision), max(i.position), v_hashes[cardinality(v_hashes)] from inserted i;
  if p_notify then
    perform pg_notify('kauri_events', null);
  end if;
end
$fn$`,
  `
create or replace function kauri_append(p_appends jsonb, p_notify boolean, p_position_lock boolean)
returns table (
  idx integer, next_revision bigint, last_position bigint, last_hash text,
  err_state text, err_message text, err_detail text, err_constraint text
)
language plpgsql as $fn$
declare
  v_stream text;
  v_append jsonb;
  v_ord bigint;
begin
  for v_stream in
    select distinct a.value ->> 'stream' from jsonb_array_elements(p_appends) as a(value) order by 1
  loop
    insert into streams (stream_id, revision) values (v_stream, -1)
    on conflict (stream_id) do update set revision = streams.revision;
  end loop;
  if p_position_lock then
    perform pg_advisory_xact_lock(${POSITION_LOCK});
  end if;
  for v_append, v_ord in select a.value, a.ord from jsonb_array_elements(p_appends) with ordinality as a(value, ord) loop
    idx := v_ord;
    err_state := null;
    err_message := null;
    err_detail := null;
    err_constraint := null;
    begin
      select o.next_revision, o.last_position, o.last_hash into next_revision, last_position, last_hash
      from kauri_append_one(
        v_append ->> 'stream', v_append ->> 'expected', v_append -> 'events', p_notify, p_position_lock,
        (v_append ->> 'fromRevision')::bigint, v_append ->> 'fromHash',
        case when v_append ? 'hashes' then array(select jsonb_array_elements_text(v_append -> 'hashes')) end,
        coalesce((v_append ->> 'checkStored')::boolean, false)
      ) o;
    exception when others then
      get stacked diagnostics err_state = returned_sqlstate, err_message = message_text,
                              err_detail = pg_exception_detail, err_constraint = constraint_name;
      next_revision := null;
      last_position := null;
      last_hash := null;
    end;
    return next;
  end loop;
end
$fn$`,
];

/** An event's row as stored text: what its hash covers (integrity.ts). */
export interface StoredText {
  position: DbInt;
  revision: DbInt;
  stream_id: string;
  event_id: string;
  type: string;
  data: string;
  metadata: string;
  hash: string | null;
}

export const STORED_TEXT = `position, revision, stream_id, event_id::text as event_id, type, coalesce(data::text, 'null') as data, metadata::text as metadata, hash`;
/** The fields `chainHash` takes, from a stored row. */
export const fields = (r: StoredText) => ({
  streamId: r.stream_id,
  revision: Number(r.revision),
  eventId: r.event_id,
  type: r.type,
  data: r.data,
  metadata: r.metadata,
});

/** The adapter's statements. */
export const APPEND_ONE = `select next_revision, last_position, last_hash
  from kauri_append_one($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9)`;
export const APPEND_MANY = 'select * from kauri_append($1::jsonb, $2, $3)';
export const STREAM_REVISION = 'select revision from streams where stream_id = $1';
/** The stream's revision as its events tell it (for a collision the `streams` row did not prevent). */
export const EVENTS_REVISION = 'select max(revision) as revision from events where stream_id = $1';
export const HEAD_POSITION = 'select coalesce(max(position), 0) as head from events';
export const COUNT_EVENTS = 'select count(*) as count from events';

/** The columns a recorded event is read from. */
export const COLUMNS = 'position, stream_id, revision, type, data, metadata';

/** A stream's events from $2 on, forwards or backwards, at most $3 (null: all). */
export const readStreamSql = (backwards: boolean) =>
  `select ${COLUMNS} from events where stream_id = $1 and revision ${backwards ? '<=' : '>='} $2
       order by revision ${backwards ? 'desc' : 'asc'} limit $3::bigint`;

/** The log in position order after $1, at most $2 (null: all), under `conditions` (each a boolean SQL term). */
export const readAllSql = (conditions: readonly string[]) =>
  `select ${COLUMNS} from events where ${conditions.join(' and ')} order by position limit $2::bigint`;

/**
 * `readAllSql` for several event types: one leg per type, each an ordered range of the (type, position) index giving
 * positions only, merged; then the rows of the first $2 of them. As one `type in (…)` the planner — without
 * statistics, as in PGlite where nothing analyzes the table — walks the whole log by position for types that are
 * rare or absent (3.9 s a page on 1,000,000 events, for the follower of the chain's outcomes on a history without
 * any, and again each time an append woke it; 76 ms so).
 */
export const readAllOfTypesSql = (typeParams: readonly string[], conditions: readonly string[]) =>
  `select ${COLUMNS} from events where position in (select position from (${typeParams
    .map(
      (type) =>
        `(select position from events where ${[...conditions, `type = ${type}`].join(' and ')} order by position limit $2::bigint)`,
    )
    .join(' union all ')}) p order by position limit $2::bigint) order by position`;

/** Keyset pages of the stored text in (stream, revision) order (the integrity check). */
export const INTEGRITY_FIRST_PAGE = `select ${STORED_TEXT} from events order by stream_id, revision limit 2000`;
export const INTEGRITY_NEXT_PAGE = `select ${STORED_TEXT} from events where (stream_id, revision) > ($1, $2) order by stream_id, revision limit 2000`;
