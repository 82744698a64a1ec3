import type { Decider } from '../../platform/decider.js';
import { upcasters } from '../upcasters.js';
import { evidenceEventSchemas, type EvidenceEvent, type VerificationDocument } from './events.js';

/** The evidence one person uploaded (stream `evidence-<userId>`): the ids of their files, in order. */
export interface EvidenceState {
  documentIds: readonly string[];
}

export type EvidenceCommand = { type: 'RecordEvidence'; userId: string; document: VerificationDocument };

export const evidenceLog: Decider<EvidenceCommand, EvidenceEvent, EvidenceState> = {
  name: 'evidence',
  eventSchemas: evidenceEventSchemas,
  upcasters,
  ignoresPersonalData: true,
  initialState: { documentIds: [] },
  evolve(state, event) {
    switch (event.type) {
      case 'EvidenceUploaded':
        return { documentIds: [...state.documentIds, event.data.documentId] };
      default: {
        const _exhaustive: never = event.type;
        return state;
      }
    }
  },
  decide(command) {
    switch (command.type) {
      case 'RecordEvidence': {
        // The file's name is the uploader's (a bank statement is named after its holder): sealed with their key.
        const { fileName, ...document } = command.document;
        const { userId } = command;
        return [{ type: 'EvidenceUploaded', data: { ...document, userId, subjectId: userId, personal: { fileName } } }];
      }
      default: {
        const _exhaustive: never = command.type;
        throw new Error('unknown command');
      }
    }
  },
};
