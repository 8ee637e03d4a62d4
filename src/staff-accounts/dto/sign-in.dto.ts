import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Required } from '../../http/validation/contract-fields';

/** POST /staff/api/login. Not trimmed: a password is taken exactly as typed. */
export class SignInDto {
  @ApiProperty({ example: 'grace@example.com' })
  @Required()
  @IsString()
  @MaxLength(254)
  email!: string;

  @ApiProperty({ example: 'correct horse battery staple' })
  @Required()
  @IsString()
  @MaxLength(1024)
  password!: string;
}
