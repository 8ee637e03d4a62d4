import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { STAFF_API_PATH } from '../http/contract-paths';
import { ApiErrors } from '../http/openapi/api-responses';
import { CreateRuleDto, TestRuleDto, UpdateRuleDto } from './dto/rule-changes.dto';
import { RuleTestView, RuleView, toRuleView } from './dto/rule.views';
import { RULE_NAME_TAKEN, RulesService, TOO_MANY_RULES } from './rules.service';
import { actorOf } from '../audit/actor';
import { StaffRequest } from '../staff-auth/staff-auth.guard';
import { StaffAuth } from '../staff-auth/staff-auth.decorator';

const FIELD_ERRORS = [
  'Invalid field: name',
  'Invalid field: position',
  'Invalid field: enabled',
  'Invalid field: when',
  'Invalid field: then',
  'Unknown field: x',
];

/** Rules: admins write them, every staff member reads them (and tests one against a submission). */
@ApiTags('staff: rules')
@Controller(`${STAFF_API_PATH}/rules`)
export class RulesController {
  constructor(private readonly rules: RulesService) {}

  @Get()
  @StaffAuth()
  @ApiOperation({
    summary: 'Every rule, in the order they run (position, then name)',
    description: 'Disabled rules too (`enabled: false`): they are kept but never run.',
  })
  @ApiOkResponse({ type: [RuleView] })
  async list(): Promise<RuleView[]> {
    return (await this.rules.list()).map(toRuleView);
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @StaffAuth('admin')
  @ApiOperation({
    summary: 'Add a rule: when its event happens and its conditions hold, its actions change the submission',
    description:
      "Rules run in position order inside the change's transaction, each change audited with the rule as the " +
      "actor; a rule's own changes never trigger rules. At most 100 rules.",
  })
  @ApiCreatedResponse({ type: RuleView })
  @ApiErrors({
    400: [
      'Missing field: name',
      'Missing field: position',
      'Missing field: when',
      'Missing field: then',
      ...FIELD_ERRORS,
    ],
    409: [RULE_NAME_TAKEN, TOO_MANY_RULES],
  })
  async create(@Body() body: CreateRuleDto, @Req() request: StaffRequest): Promise<RuleView> {
    return toRuleView(await this.rules.create(body, actorOf(request)));
  }

  @Post('test')
  @HttpCode(HttpStatus.OK)
  @StaffAuth()
  @ApiOperation({
    summary: "Test a rule's conditions (saved or not) against a submission as it is now",
    description:
      'Answers whether every condition holds, with one sentence per condition ("email_domain is example.com: ' +
      'yes (example.com)"). Changes nothing. For message_received, subject and message are those of its newest ' +
      'customer mail.',
  })
  @ApiOkResponse({ type: RuleTestView })
  @ApiErrors({
    400: ['Missing field: submission_id', 'Missing field: when', 'Invalid field: submission_id', 'Invalid field: when'],
  })
  test(@Body() body: TestRuleDto): Promise<RuleTestView> {
    return this.rules.test(body.submission_id, body.when);
  }

  @Patch(':id')
  @HttpCode(HttpStatus.OK)
  @StaffAuth('admin')
  @ApiOperation({
    summary: 'Change a rule (the fields given); the next change of a submission runs it as changed',
  })
  @ApiOkResponse({ type: RuleView })
  @ApiErrors({ 400: FIELD_ERRORS, 404: ['Not found'], 409: [RULE_NAME_TAKEN] })
  async update(@Param('id') id: string, @Body() body: UpdateRuleDto, @Req() request: StaffRequest): Promise<RuleView> {
    return toRuleView(await this.rules.update(id, body, actorOf(request)));
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @StaffAuth('admin')
  @ApiOperation({ summary: 'Delete a rule (what it changed stays changed; the audit keeps its changes)' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiErrors({ 404: ['Not found'] })
  async remove(@Param('id') id: string, @Req() request: StaffRequest): Promise<void> {
    await this.rules.remove(id, actorOf(request));
  }
}
