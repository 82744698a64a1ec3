import { CommandInContext, decidingHandler } from '../../platform/command-handler.js';
import { compliance, type ComplianceCommand } from './compliance.decider.js';
import { complianceStream } from './events.js';

export class ExecuteComplianceCommand extends CommandInContext<ComplianceCommand> {}

export const ExecuteComplianceHandler = decidingHandler(ExecuteComplianceCommand, compliance, (command) =>
  complianceStream(command.ownerId),
);
