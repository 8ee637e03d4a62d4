import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { Required } from '../../http/validation/contract-fields';

/** The body of POST /auth_refresh.php. */
export class RefreshTokenDto {
  @ApiProperty({
    description: 'The refresh token from /auth.php or the last refresh',
    example: 'rt_Y-HDKtZ5Iv5W-0UiccWJ0aH6-C09FVnfpPnI9_HQ-kU',
  })
  @Required()
  @IsString()
  refresh_token!: string;
}
