import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { WALLET_MESSAGES } from './deciders.js';

export class RegisterWalletDto {
  @ApiProperty({ example: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' })
  @IsString({ message: WALLET_MESSAGES.address })
  @Matches(/^0x[0-9a-fA-F]{40}$/, { message: WALLET_MESSAGES.address })
  address: string;
}
