import { expect } from '@playwright/test';
import type { DeliveredMail } from './delivered-mail';

/** The one-time link of a staff invite mail, `<public URL>/join#token=…`. */
export function inviteLinkOf(mail: DeliveredMail): URL {
  const link = /(https?:\/\/\S+\/join#token=[^\s)\]>"]+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeDefined();
  return new URL(link!);
}
