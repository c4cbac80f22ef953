import type { MailSettings, UpdateMailSettingsBody } from 'shared-kit';

export interface MailSettingsFormValues {
  sender_name: string;
  reply_to: string;
  logo_url: string;
  brand_color: string;
}

export const LOGO_NOT_HTTPS = 'Logo URL must be an https:// address.';
export const BRAND_COLOR_INVALID = 'Brand colour must be #rrggbb, e.g. #1f4f99.';

const BRAND_COLOR = /^#[0-9a-fA-F]{6}$/;
const HTTPS_URL = /^https:\/\/[^\s/?#]+\S*$/i;

export const mailSettingsFormValues = (settings: MailSettings): MailSettingsFormValues => ({
  sender_name: settings.sender_name ?? '',
  reply_to: settings.reply_to ?? '',
  logo_url: settings.logo_url ?? '',
  brand_color: settings.brand_color ?? '',
});

/** An empty field is null: the default (the manufacturer's name, its email, no logo, the standard colour). */
export const mailSettingsBody = (values: MailSettingsFormValues): UpdateMailSettingsBody => ({
  sender_name: values.sender_name.trim() || null,
  reply_to: values.reply_to.trim() || null,
  logo_url: values.logo_url.trim() || null,
  brand_color: values.brand_color.trim() || null,
});

/** What the console can tell before asking; whether the reply-to address can receive mail the server decides. */
export function validateMailSettingsForm(
  values: MailSettingsFormValues,
): Partial<Record<keyof MailSettingsFormValues, string>> {
  const logo = values.logo_url.trim();
  const colour = values.brand_color.trim();
  return {
    ...(logo && !HTTPS_URL.test(logo) ? { logo_url: LOGO_NOT_HTTPS } : {}),
    ...(colour && !BRAND_COLOR.test(colour) ? { brand_color: BRAND_COLOR_INVALID } : {}),
  };
}

/** The field a server refusal is about, by the words it starts with (email/mail-settings.ts on the server). */
export function fieldOfMessage(message: string): keyof MailSettingsFormValues {
  if (message.startsWith('Reply-to')) return 'reply_to';
  if (message.startsWith('Logo')) return 'logo_url';
  if (message.startsWith('Brand')) return 'brand_color';
  return 'sender_name';
}
