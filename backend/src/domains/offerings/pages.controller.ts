import { Controller, Get } from '@nestjs/common';
import { ApiExtraModels, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DomainError } from '../../platform/errors.js';
import { ApiOk } from '../../platform/http/api-response.js';
import { Authenticated, CurrentUser, type SignedInUser } from '../../platform/http/auth.js';
import { IdParam } from '../../platform/http/ids.js';
import { OfferingQueries } from '../../projections/offerings.query.js';
import { TokenViews } from '../tokens/token-views.js';
import { HoldingOnChainDto } from '../tokens/tokens.dto.js';
import { InvestmentPageDto, InvestorPortfolioDto, OfferingPageDto } from './offering.dto.js';

export const INVESTMENT_NOT_FOUND = 'Investment not found';
export const OFFERING_NOT_FOUND = 'Offering not found';

/**
 * The investor's home and the pages of an offering and of an investment. Who may see what is decided by the
 * query functions beside the read models; an id that is unknown or not the viewer's is the same 404.
 */
@ApiTags('offerings')
// The chain side of a holding by its own name too: the screens show it apart from the investment.
@ApiExtraModels(HoldingOnChainDto)
@Controller('api')
@Authenticated()
export class OfferingPagesController {
  constructor(
    private readonly queries: OfferingQueries,
    private readonly tokens: TokenViews,
  ) {}

  @Get('investments')
  @ApiOk(InvestorPortfolioDto)
  @ApiOperation({
    summary:
      "The signed-in investor's investments, newest first, each priced now (tokens × the asset's current token price), with the portfolio's totals; each with walletAddress, onChainBalance, onChainExpected, chainTxHash and chainTxStatus",
  })
  async investments(@CurrentUser() user: SignedInUser) {
    const portfolio = await this.queries.portfolio(user.userId);
    await this.tokens.refresh();
    const expected = this.tokens.registerBalances();
    const assetIds = portfolio.investments.flatMap((i) => (i.asset ? [i.asset.id] : []));
    const claims = await this.queries.claimsOf(user.userId, assetIds, new Date().toISOString());
    return {
      ...portfolio,
      investments: portfolio.investments.map((i) => ({
        ...i,
        ...this.tokens.holding(user.userId, i.asset?.id ?? '', i.id, expected),
        ...claims.of(i.asset?.id ?? ''),
      })),
    };
  }

  @Get('investments/:id')
  @ApiOk(InvestmentPageDto)
  @ApiOperation({
    summary:
      'One investment: for its investor, admins, and the owner of the asset (without the investor); with the chain side of the holding, its frozen tokens and those its holder’s transfers claim, as on /api/investments',
  })
  @ApiNotFoundResponse({ description: 'No such investment, or not yours to see' })
  async investment(@IdParam() id: string, @CurrentUser() user: SignedInUser) {
    const page = await this.queries.investmentPage(user, id);
    if (!page) throw new DomainError(INVESTMENT_NOT_FOUND, 404);
    const holding = (await this.queries.holding(id))!;
    await this.tokens.refresh();
    const { investorId, assetId } = holding;
    const claims = await this.queries.claimsOf(investorId, [assetId], new Date().toISOString());
    return { ...page, ...this.tokens.holding(investorId, assetId, id), ...claims.of(assetId) };
  }

  @Get('offerings/:id')
  @ApiOk(OfferingPageDto)
  @ApiOperation({
    summary:
      'One offering with its asset (valuation, documents, terms) and progress: for staff, the asset owner, its investors, and verified wholesale investors while it is open',
  })
  @ApiNotFoundResponse({ description: 'No such offering, or not yours to see' })
  async offering(@IdParam() id: string, @CurrentUser() user: SignedInUser) {
    const page = await this.queries.offeringPage(user, id);
    if (!page) throw new DomainError(OFFERING_NOT_FOUND, 404);
    return page;
  }
}
