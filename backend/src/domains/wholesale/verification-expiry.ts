import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { systemContext, type CommandContext } from '../../platform/command-context.js';
import { DomainError } from '../../platform/errors.js';
import { JobRunner } from '../../platform/jobs/job-runner.js';
import { ReadModels } from '../../platform/read-store/read-models.js';
import { verificationsProjection } from '../../projections/verifications.js';
import type { SweptBy } from './events.js';
import { FUTURE_SWEEP } from './verification.decider.js';
import { ExecuteVerificationCommand } from './verification.handlers.js';

/** Lapses certifications past their validity period: hourly on the replica holding the job, and on demand for operators. */
@Injectable()
export class VerificationExpiry {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: ReadModels,
    jobs: JobRunner,
  ) {
    jobs.declare({
      name: 'certification-lapse',
      description: 'Lapses wholesale certifications past their validity period',
      everyMs: 60 * 60 * 1000,
      run: () => {
        const context = systemContext('verification-expiry', randomUUID());
        return this.sweep(context.now, context);
      },
    });
  }

  /** Lapses what is due as of `asOf` (never after `context.now`); the events name `context.actor` as the sweeper. */
  async sweep(asOf: string, context: CommandContext): Promise<{ expired: number; position: number }> {
    if (asOf > context.now) throw new DomainError(FUTURE_SWEEP, 400, [{ field: 'asOf', message: FUTURE_SWEEP }]);
    const { actor } = context;
    const by: SweptBy =
      actor.kind === 'user'
        ? { kind: 'user', userId: actor.userId }
        : { kind: 'system', name: actor.kind === 'system' ? actor.name : 'anonymous' };
    const due = await this.reads.of(verificationsProjection).find({ status: 'verified', validUntil: { $lte: asOf } });
    let expired = 0;
    let position = 0;
    for (const doc of due) {
      const command = { type: 'ExpireVerification', userId: doc.userId, asOf, now: context.now, by } as const;
      const result = await this.commands.execute(new ExecuteVerificationCommand(command, context));
      expired += result.appended;
      position = Math.max(position, result.position);
    }
    return { expired, position };
  }
}
