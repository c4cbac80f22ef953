import { FormatRegistry } from '@sinclair/typebox';
import { isEmail } from 'shared-kit';

/** The string formats the contract's schemas use, checked in the browser as the server checks them. */
export function registerContractFormats() {
  if (!FormatRegistry.Has('email')) FormatRegistry.Set('email', isEmail);
  if (!FormatRegistry.Has('date-time'))
    FormatRegistry.Set('date-time', (text) => !Number.isNaN(Date.parse(text)) && /^\d{4}-\d{2}-\d{2}T/.test(text));
}
