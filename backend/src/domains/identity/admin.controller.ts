import { Body, Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { CommandContext } from '../../platform/command-context.js';
import { ApiOk } from '../../platform/http/api-response.js';
import { Roles } from '../../platform/http/auth.js';
import { Ctx } from '../../platform/http/request-context.js';
import { OperatorGuard } from '../../platform/operations/operator.guard.js';
import { RegistrationQueries } from '../../projections/early-access-registrations.query.js';
import type { RoleChanger } from './events.js';
import { RoleChangeDto, RoleChangedDto, RegistrationsDto } from './identity.dto.js';
import { IdentityService, type IdentityRequest } from './identity.service.js';

/** Admin pages' data. The IdentityGuard already refuses /api/admin/* to non-admins; @Roles says so in the OpenAPI too. */
@ApiTags('admin')
@Controller('api/admin')
@Roles('admin')
export class AdminController {
  constructor(private readonly queries: RegistrationQueries) {}

  @Get('registrations')
  @ApiOperation({ summary: 'Registrations of interest, newest first (admins only)' })
  @ApiOk(RegistrationsDto)
  @ApiForbiddenResponse({ description: 'Not an admin' })
  async registrations() {
    return { registrations: await this.queries.newestFirst() };
  }
}

/**
 * Role changes: `npm run admin -- grant|revoke` through a running app (ops token). An admin gets past the guard (it is
 * shared with the other operations routes) and is refused by the user decider: roles are the operator's alone.
 */
@ApiTags('operations')
@ApiSecurity('ops')
@UseGuards(OperatorGuard)
@Controller('api/operations/roles')
export class RoleOperationsController {
  constructor(private readonly identity: IdentityService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Grant or revoke a role (admin, compliance) by e-mail: the operator only (ops token)' })
  @ApiOk(RoleChangedDto)
  changeRole(@Body() form: RoleChangeDto, @Req() req: IdentityRequest, @Ctx() context: CommandContext) {
    const by: RoleChanger =
      req.actor?.kind === 'user' ? { kind: 'user', userId: req.actor.userId } : { kind: 'system', name: 'admin-cli' };
    const actor = req.actor ?? { kind: 'system' as const, name: 'admin-cli' };
    return this.identity.changeRole(form.email, form.role, form.action, by, { ...context, actor });
  }
}
