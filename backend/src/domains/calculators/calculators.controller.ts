import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiTags } from '@nestjs/swagger';
import { ApiOk } from '../../platform/http/api-response.js';
import { signedInUser } from '../../platform/http/auth.js';
import type { KauriRequest } from '../../platform/http/request-context.js';
import {
  PricingInputDto,
  PricingResultDto,
  PropertyAnalysisDto,
  PropertyInputDto,
  StartupAnalysisDto,
  StartupInputDto,
} from './calculators.dto.js';
import { EarlyAccessWaivers } from './early-access-waivers.js';
import { calculatePricing, type PricingResult } from './pricing.js';
import { analyzeProperty, type PropertyAnalysis } from './property-model.js';
import { analyzeStartup, type StartupAnalysis } from './startup-model.js';

/**
 * The public calculators (docs/specification.md §3, §5, §7). Stateless: a valuation is a pure function of its input and the
 * reference data, so nothing is recorded — the owner workspace records the value an owner accepts (AssetValued).
 */
@ApiTags('calculators')
@Controller('api')
export class CalculatorsController {
  constructor(private readonly waivers: EarlyAccessWaivers) {}

  @Post('calculator/analyze')
  @HttpCode(200)
  @ApiOk(PropertyAnalysisDto, 'Property analysis result (docs/specification.md §3)')
  @ApiBadRequestResponse({ description: "Missing or invalid fields, with the spec's messages" })
  analyze(@Body() input: PropertyInputDto): PropertyAnalysis {
    return analyzeProperty(input);
  }

  @Post('calculator/analyze-startup')
  @HttpCode(200)
  @ApiOk(StartupAnalysisDto, 'Startup analysis result (docs/specification.md §3)')
  @ApiBadRequestResponse({ description: "Missing or invalid fields, with the spec's messages" })
  analyzeStartup(@Body() input: StartupInputDto): StartupAnalysis {
    return analyzeStartup(input, new Date().getFullYear());
  }

  @Post('pricing/calculate')
  @HttpCode(200)
  @ApiOk(
    PricingResultDto,
    'setupFee, platformFeePercent, platformFee, total; the set-up fee is waived for an early-access registrant who is signed in',
  )
  async pricing(@Body() input: PricingInputDto, @Req() req: KauriRequest): Promise<PricingResult> {
    const user = signedInUser(req);
    const waived = user ? await this.waivers.hasWaiver(user.userId) : false;
    return calculatePricing(input.assetValue, input.tier, waived);
  }
}
