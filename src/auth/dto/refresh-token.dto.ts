import { IsString } from 'class-validator';
import { Required } from '../../common/validation/contract-fields';

/** The body of POST /auth_refresh.php. */
export class RefreshTokenDto {
  @Required()
  @IsString()
  refresh_token!: string;
}
