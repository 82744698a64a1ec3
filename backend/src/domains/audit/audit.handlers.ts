import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { CommandContext } from '../../platform/command-context.js';
import { CommandInContext, decidingHandler } from '../../platform/command-handler.js';
import { DomainError } from '../../platform/errors.js';
import type { EventStore, Subscription } from '../../platform/event-store/event-store.js';
import { JobRunner } from '../../platform/jobs/job-runner.js';
import { PersonalDataProtection } from '../../platform/privacy/personal-data.js';
import { ProjectionEngine } from '../../platform/projection-engine/projection-engine.js';
import { EVENT_STORE, LOGGER } from '../../platform/injection-keys.js';
import { ExecuteUserCommand } from '../identity/identity.handlers.js';
import { ReadModels } from '../../platform/read-store/read-models.js';
import { assetsProjection } from '../../projections/assets.js';
import { holdingsNow, holdingsProjection } from '../../projections/holdings.js';
import {
  ALREADY_FORGOTTEN,
  auditTrail,
  type CustomerNow,
  privacy,
  type AuditCommand,
  type PrivacyCommand,
} from './audit.decider.js';
import { verificationStream } from '../wholesale/events.js';
import { verification } from '../wholesale/verification.decider.js';
import { auditStream, privacyStream } from './events.js';
import { ForgottenDocuments } from './forgotten-documents.js';
import { retention } from './history.js';

/** Read models that copy personal data out of events: rebuilt after a person is forgotten, so no copy survives. */
export const PERSONAL_READ_MODELS = [
  'users',
  'registrations',
  'assets',
  'activities',
  'verifications',
  'tax-profiles',
] as const;

/** The verification stream kept moving while the forgetting was judged (five times running). */
export const RECORDS_MOVING =
  "This person's wholesale verification changed while forgetting them was decided: try again in a moment";

export class RecordAuditViewCommand extends CommandInContext<AuditCommand> {}

export const RecordAuditViewHandler = decidingHandler(RecordAuditViewCommand, auditTrail, (command) =>
  auditStream(command.viewerId),
);

export class ForgetPersonCommand extends Command<{ position: number; rebuilding: readonly string[] }> {
  constructor(
    readonly subjectId: string,
    readonly reason: string,
    readonly forgottenBy: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Closes the person's verification stream at the revision retention was judged on (so a submission racing the
 * forgetting is either seen, and refuses it, or refused itself), records the decision, then closes the person's account (if they have one), then shreds the key, then deletes
 * the files they uploaded (`ForgottenDocuments`, which also follows the log for a crash part-way), then rebuilds the
 * read models that held copies. A retry after a failure part-way finds the decision recorded, finishes the closing,
 * shredding and deleting, and answers "already forgotten".
 */
@CommandHandler(ForgetPersonCommand)
export class ForgetPersonHandler implements ICommandHandler<ForgetPersonCommand> {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly engine: ProjectionEngine,
    private readonly commands: CommandBus,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly reads: ReadModels,
    private readonly documents: ForgottenDocuments,
    jobs: JobRunner,
  ) {
    // Each replica keeps its own copies of the read models in memory: each rebuilds them when a person is forgotten,
    // wherever the request was handled (the holder of `read-models` stores its rebuild, clearing the marks).
    let subscription: Subscription | null = null;
    jobs.declare({
      name: 'forgotten-people',
      description: "Rebuilds this replica's read models holding personal data when a person is forgotten",
      scope: 'every-replica',
      start: async () => {
        subscription = this.events.subscribe({
          fromPosition: await this.events.headPosition(),
          eventTypes: ['PersonalDataForgotten'],
          onEvent: (event) => void this.rebuildOnceForgotten((event.data as { subjectId: string }).subjectId),
          onError: (error) => this.logger.warn({ err: error }, 'forgotten-people subscription failed; resubscribing'),
        });
      },
      stop: async () => {
        await subscription?.stop();
        subscription = null;
      },
    });
  }

  async execute({ subjectId, reason, forgottenBy, context }: ForgetPersonCommand) {
    if (!(this.events instanceof PersonalDataProtection)) throw new Error('Personal data protection is not configured');
    const protection = this.events;
    let position: number | null = null;
    try {
      for (let attempt = 1; position === null; attempt++) {
        // What the verification stream held when retention was judged: closing it checks that nothing came since.
        const seen = await this.revisionOf(verificationStream(subjectId));
        const standing = await retention(this.events, subjectId);
        if (standing.personalEvents === 0 && !standing.forgotten)
          throw new DomainError('No personal data is recorded for this person', 404);
        const command: PrivacyCommand = {
          type: 'ForgetPerson',
          subjectId,
          forgottenBy,
          reason,
          retainedUntil: standing.retainedUntil,
          relationshipEnded: standing.relationshipEnded,
          customerNow: await this.customerNow(subjectId),
          at: context.now,
        };
        // Decided (refusals thrown) before the stream is closed, so a refused forgetting closes nothing.
        privacy.decide(command, (await this.repository.load(privacy, privacyStream(subjectId))).state);
        if (!(await this.closeVerifications(subjectId, seen, context))) {
          // A submission, decision or lapse came in meanwhile: judged again (a submission makes them a customer).
          if (attempt >= 5) throw new DomainError(RECORDS_MOVING, 409);
          continue;
        }
        ({ position } = await this.repository.handle(privacy, privacyStream(subjectId), command, context));
      }
    } catch (error) {
      if (error instanceof DomainError && error.message === ALREADY_FORGOTTEN) {
        await this.closeVerifications(subjectId, null, context);
        await this.closeAccount(subjectId, context);
        await this.forget(protection, subjectId);
        await this.documents.erase(subjectId, context);
      }
      throw error;
    }
    await this.closeAccount(subjectId, context);
    await this.forget(protection, subjectId);
    await this.documents.erase(subjectId, context);
    // The rebuilds follow the recorded fact, on every replica (the `forgotten-people` job).
    return { position, rebuilding: PERSONAL_READ_MODELS };
  }

  private async revisionOf(streamId: string): Promise<number> {
    return (await this.events.readStream(streamId, { keepPersonalSealed: true })).at(-1)?.revision ?? -1;
  }

  /**
   * Closes the person's verification stream (`VerificationsClosed`) before the forgetting is recorded, only if it is
   * still at revision `seen` (null: whatever it holds) — the one place a submission and a forgetting meet, so they
   * are serialised: a submission recorded after retention was judged makes this answer false (judge again), and one
   * after the closing is refused by the verification decider. Already closed (a retry): nothing more is recorded.
   */
  private async closeVerifications(subjectId: string, seen: number | null, context: CommandContext): Promise<boolean> {
    let moved = false;
    await this.repository.handleAsking(
      verification,
      verificationStream(subjectId),
      (_state, revision) => {
        moved = seen !== null && revision !== seen;
        return moved ? null : { type: 'CloseVerifications', userId: subjectId };
      },
      context,
    );
    return !moved;
  }

  /**
   * What makes the person a customer today, by the read models: tokens held now (bought or received, less those
   * transferred out), or an asset of theirs under review or live — an issuer whose investors rely on their records.
   */
  private async customerNow(subjectId: string): Promise<CustomerNow | null> {
    // Never decided on a stale view: the holdings and assets read models first reach the log's head.
    const head = await this.events.headPosition();
    if (!(await this.engine.waitFor(head, [holdingsProjection.name, assetsProjection.name], 10_000)))
      throw new DomainError('The records are still being brought up to date: try again in a moment', 503);
    const holdings = holdingsNow(await this.reads.of(holdingsProjection).find({ investorId: subjectId }));
    if (holdings.some((h) => h.status === 'confirmed' && h.tokensHeld > 0)) return 'holds tokens';
    const assets = await this.reads.of(assetsProjection).find({ ownerId: subjectId });
    return assets.some((a) => a.status !== 'draft') ? 'has an asset on Kauri' : null;
  }

  /**
   * A forgotten person cannot sign in again: their password hash leaves the vault and every session ends. A
   * subject without an account (a registration of interest only) has nothing to close.
   */
  private async closeAccount(subjectId: string, context: CommandContext): Promise<void> {
    try {
      await this.commands.execute(
        new ExecuteUserCommand({ type: 'CloseAccount', userId: subjectId, at: context.now }, context),
      );
    } catch (error) {
      if (!(error instanceof DomainError && error.status === 404)) throw error;
    }
  }

  /**
   * Deletes the person's key, having first marked the read models that copy their personal data for a rebuild:
   * a persisted read store keeps those copies across a restart, so a crash before the rebuilds finish must
   * still end with them replayed (the next start honours the marks).
   */
  private async forget(protection: PersonalDataProtection, subjectId: string): Promise<void> {
    await this.engine.markForRebuild(PERSONAL_READ_MODELS);
    await protection.forget(subjectId);
  }

  /**
   * Rebuilds once the person's key is gone (the replica that handled the request deletes it just after recording
   * the fact): a replay before that would copy their data again. Waits up to a minute, then rebuilds anyway.
   */
  private async rebuildOnceForgotten(subjectId: string): Promise<void> {
    if (this.events instanceof PersonalDataProtection) {
      for (let n = 0; n < 600 && !(await this.events.isForgotten(subjectId, { fresh: true }).catch(() => false)); n++)
        await new Promise((r) => setTimeout(r, 100));
    }
    await this.rebuild();
  }

  private async rebuild(): Promise<void> {
    for (const name of PERSONAL_READ_MODELS) {
      for (let attempt = 0; attempt < 60; attempt++) {
        try {
          await this.engine.rebuild(name);
          break;
        } catch (error) {
          // Another rebuild of this read model is under way: it may have read the log before the key went.
          if (!(error instanceof Error && /already being rebuilt/.test(error.message))) {
            this.logger.error({ err: error, projection: name }, 'rebuild after forgetting a person failed');
            break;
          }
          await new Promise((r) => setTimeout(r, 1000));
        }
      }
    }
  }
}
