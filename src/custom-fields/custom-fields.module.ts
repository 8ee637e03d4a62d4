import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKeyModule } from '../api-keys/api-key.module';
import { AuditModule } from '../audit/audit.module';
import { CustomFieldsController } from './custom-fields.controller';
import { CustomFieldVersionsRepository } from './custom-field-versions.repository';
import { CustomFieldsService } from './custom-fields.service';
import { CustomFieldVersionEntity } from './entities/custom-field-version.entity';

/**
 * Custom fields' definitions per key, their versions, their checks and the JSON Schema of the intake's
 * body, in every process that takes, shows or changes submissions (their values stay with the
 * submission: submissions/).
 */
@Module({
  imports: [TypeOrmModule.forFeature([CustomFieldVersionEntity]), ApiKeyModule, AuditModule],
  providers: [CustomFieldVersionsRepository, CustomFieldsService],
  exports: [CustomFieldsService],
})
export class CustomFieldsModule {}

/** The staff routes of a key's fields (API process). */
@Module({ imports: [CustomFieldsModule], controllers: [CustomFieldsController] })
export class CustomFieldRoutesModule {}
