import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { WALLET_PROOF_MESSAGES } from '../../messages.js';
import { allOf } from '../../platform/http/api-response.js';
import { WALLET_MESSAGES } from './wallet-challenges.decider.js';
import type { HoldingOnChain, TokenStatus, TokenView } from './token-views.js';

export class WalletChallengeRequestDto {
  @ApiProperty({ example: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' })
  @IsString({ message: WALLET_MESSAGES.address })
  @Matches(/^0x[0-9a-fA-F]{40}$/, { message: WALLET_MESSAGES.address })
  address: string;
  @ApiPropertyOptional({
    enum: ['wallet', 'recovery'],
    description:
      'What the signature agrees to: registering this wallet (the default) or receiving a wallet recovery’s tokens',
  })
  @IsOptional()
  @IsIn(['wallet', 'recovery'], { message: WALLET_PROOF_MESSAGES.purpose })
  purpose?: 'wallet' | 'recovery';
}

/** The message to sign, exactly as issued. */
export class WalletChallengeDto {
  @ApiProperty({ description: 'EIP-4361 message: this site, the chain id, the address, a single-use nonce' })
  message: string;
  @ApiProperty({ description: 'ISO time after which the message is refused (10 minutes)' }) expiresAt: string;
}

export class RegisterWalletDto extends WalletChallengeRequestDto {
  @ApiProperty({ description: 'The message of POST /api/wallet/challenge, exactly as issued' })
  @IsString({ message: WALLET_PROOF_MESSAGES.message })
  @MaxLength(2000, { message: WALLET_PROOF_MESSAGES.message })
  message: string;
  @ApiProperty({ description: 'EIP-191 signature of the message by the address (personal_sign)', example: '0x…' })
  @IsString({ message: WALLET_PROOF_MESSAGES.signature })
  @Matches(/^0x[0-9a-fA-F]{130}$/, { message: WALLET_PROOF_MESSAGES.signature })
  signature: string;
}

const TX_STATUSES = allOf<NonNullable<HoldingOnChain['chainTxStatus']>>({
  requested: true,
  submitted: true,
  confirmed: true,
  failed: true,
});

/** The chain side of an investor's holding (items of /api/holdings and /api/investments, /api/investments/:id). */
export class HoldingOnChainDto {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The wallet the investor uses now (platform-held or their own); null without a chain',
  })
  walletAddress: string | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: "That wallet's balance of the asset's token; null before the token is deployed or without a chain",
  })
  onChainBalance: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: "The register's count of the investor's tokens of the asset: what the balance should come to",
  })
  onChainExpected: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'The transfer to the investor, once confirmed' })
  chainTxHash: string | null;
  @ApiProperty({
    enum: TX_STATUSES,
    nullable: true,
    description: 'null when no transfer was asked for (yet)',
  })
  chainTxStatus: HoldingOnChain['chainTxStatus'];
  @ApiProperty({ type: String, nullable: true }) chainExplorerUrl: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Why the transfer cannot be made: the chain refused it (with its reason), or it waits on something not on its way (the wallet’s registration); null otherwise',
  })
  chainProblem: string | null;
}

/** A chain transaction that will not happen by itself (GET /api/admin/chain/problems). */
export class ChainProblemDto {
  @ApiProperty() txId: string;
  @ApiProperty({ description: 'forced-transfer, mint, lock-up, register-identity, …' }) kind: string;
  @ApiProperty({ type: String, nullable: true }) assetId: string | null;
  @ApiProperty({ type: String, nullable: true }) investmentId: string | null;
  @ApiProperty({ type: String, nullable: true }) personId: string | null;
  @ApiProperty({
    enum: ['failed', 'stuck'],
    description: 'failed: refused or reverted; stuck: waits on nothing moving',
  })
  status: 'failed' | 'stuck';
  @ApiProperty() reason: string;
  @ApiProperty({ description: 'POST /api/admin/chain/transactions/:txId/retry can ask for it again' })
  retryable: boolean;
}

export class ChainProblemsDto {
  @ApiProperty({ type: [ChainProblemDto] }) problems: ChainProblemDto[];
}

export class ChainRetryDto {
  @ApiProperty({ description: 'The new attempt' }) txId: string;
  @ApiProperty({ description: 'The recipient’s wallet was not in the identity registry and is registered first' })
  repaired: boolean;
  @ApiProperty({ description: 'Event log position, for X-Read-After' }) position: number;
}

export class TokenHolderDto {
  @ApiProperty() wallet: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "null for viewers other than the asset's owner and admins",
  })
  personId: string | null;
  @ApiProperty() balance: number;
}

export class TokenTransactionDto {
  @ApiProperty({
    description: 'suite, mint, unpause (the deployment); supply-mint, supply-burn (an approved supply change)',
  })
  kind: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Tokens minted or burnt; null for suite and unpause' })
  amount: number | null;
  @ApiProperty({ type: String, nullable: true }) txHash: string | null;
  @ApiProperty({ type: Number, nullable: true }) blockNumber: number | null;
  @ApiProperty({ enum: [...TX_STATUSES, 'not requested'] })
  status: TokenView['transactions'][number]['status'];
}

/** An asset's ERC-3643 token on the chain. */
export class TokenDto {
  @ApiProperty() chainId: number;
  @ApiProperty({ type: String, nullable: true }) tokenAddress: string | null;
  @ApiProperty({ type: String, nullable: true }) identityRegistryAddress: string | null;
  @ApiProperty({ type: String, nullable: true }) complianceAddress: string | null;
  @ApiProperty() symbol: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Always 0: a token is a whole unit' }) decimals: number;
  @ApiProperty() totalSupply: number;
  @ApiProperty({
    enum: allOf<TokenStatus>({ pending: true, deployed: true, failed: true }),
    description:
      'pending: set-up, deployment or mint not yet confirmed; deployed: minted and live; failed: a step failed',
  })
  status: TokenStatus;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Block explorer base (links <url>/address/…, <url>/tx/…); null shows no links',
  })
  explorerUrl: string | null;
  @ApiProperty({ type: [TokenHolderDto] }) holders: TokenHolderDto[];
  @ApiProperty({ type: [TokenTransactionDto] }) transactions: TokenTransactionDto[];
}

/** The signed-in person's wallet on the chain. */
export class WalletDto {
  @ApiProperty({ type: String, nullable: true }) address: string | null;
  @ApiProperty({ description: 'Its registration in the identity registry is confirmed on chain' }) registered: boolean;
  @ApiProperty({ type: Number, nullable: true, description: 'null without a chain' }) chainId: number | null;
}

export class WalletRegisteredDto {
  @ApiProperty({ description: 'The address, checksummed' }) address: string;
  @ApiProperty({ description: 'Event log position, for X-Read-After' }) position: number;
}

/** Where the chain outbox's fold of the log stands (`npm run chain -- status`). */
export class ChainFlowStatusDto {
  @ApiProperty({ description: 'False with CHAIN=off (nothing is folded or sent)' }) enabled: boolean;
  @ApiProperty({ type: Number, nullable: true }) chainId: number | null;
  @ApiProperty({ description: 'The last log position folded into the outbox’s state' }) position: number;
  @ApiProperty({ description: 'The log’s head position' }) head: number;
  @ApiProperty({ description: 'Positions between the fold and the head while an event it follows is still to fold' })
  lag: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'When the fold’s snapshot (its checkpoint in the read store) was last written or, at boot, read',
  })
  snapshotAt: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The log position that snapshot folds through' })
  snapshotPosition: number | null;
  @ApiProperty({ description: 'The fold’s version: a snapshot of another version is ignored (folded from 0)' })
  version: number;
  @ApiProperty({ description: 'This process folds the log' }) folding: boolean;
  @ApiProperty({ description: 'The fold has read the history and follows live appends' }) caughtUp: boolean;
  @ApiProperty({ description: 'This process sends chain transactions and writes the snapshot' }) sending: boolean;
  @ApiProperty({ description: 'The position the fold started from at boot or rebuild (its snapshot’s, or 0)' })
  resumedFrom: number;
  @ApiProperty({ description: 'Events folded since then' }) eventsFolded: number;
  @ApiProperty() rebuilding: boolean;
  @ApiProperty({ type: () => ChainFlowRebuildProgressDto, nullable: true, description: 'A rebuild under way' })
  rebuild: ChainFlowRebuildProgressDto | null;
  @ApiProperty({ type: () => ChainFlowRebuildOutcomeDto, nullable: true, description: 'The last rebuild here' })
  lastRebuild: ChainFlowRebuildOutcomeDto | null;
}

/** Where a rebuild's fold from 0 stands against the head it started at. */
export class ChainFlowRebuildProgressDto {
  @ApiProperty() startedAt: string;
  @ApiProperty({ description: 'The position the fold from 0 has reached' }) position: number;
  @ApiProperty({ description: 'The log’s head when the rebuild started' }) total: number;
}

/** How a rebuild of the chain outbox's fold went. */
export class ChainFlowRebuildOutcomeDto {
  @ApiProperty({ enum: ['swapped', 'failed'] }) outcome: 'swapped' | 'failed';
  @ApiProperty() startedAt: string;
  @ApiProperty() finishedAt: string;
  @ApiProperty({ description: 'The position the fold from 0 reached' }) position: number;
  @ApiProperty({ description: 'Events folded from position 0' }) events: number;
  @ApiProperty() durationMs: number;
  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: 'The fold it replaced equalled the fold from 0 (null when it failed)',
  })
  agreed: boolean | null;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
}

export class ChainFlowRebuildStartedDto {
  @ApiProperty() started: boolean;
  @ApiProperty({ description: 'The rebuild’s own start is at or after this' }) requestedAt: string;
}
