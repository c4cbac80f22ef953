// No TypeBox here: the console's switches read these without loading the schemas.

/**
 * The mails a buyer gets from ProductHub on the manufacturer's behalf (docs/email.md, "Mails to buyers"), each
 * switchable per manufacturer; every one is on until staff switch it off.
 */
export const BUYER_MAILS = [
  'license_issued',
  'license_issued_by_staff',
  'trial_ending',
  'trial_ended',
  'license_disabled',
  'machine_freed',
] as const;
export type BuyerMail = (typeof BUYER_MAILS)[number];

/** The Emails log's `kind` of each buyer mail. */
export const BUYER_MAIL_KINDS: Record<BuyerMail, string> = {
  license_issued: 'buyer.license-issued',
  license_issued_by_staff: 'buyer.license-issued-by-staff',
  trial_ending: 'buyer.trial-ending',
  trial_ended: 'buyer.trial-ended',
  license_disabled: 'buyer.license-disabled',
  machine_freed: 'buyer.machine-freed',
};

/** What the console's switches say about each mail. */
export const BUYER_MAIL_WORDS: Record<BuyerMail, { label: string; when: string }> = {
  license_issued: {
    label: 'Licence issued',
    when: 'An order (the order API or a store) or a redeemed serial made licences: the serials, how to activate, the portal link.',
  },
  license_issued_by_staff: {
    label: 'Licence issued by staff',
    when: 'Staff created a licence in the console for a customer.',
  },
  trial_ending: {
    label: 'Trial ends in 3 days',
    when: "Three days before a trial on a customer's machine ends.",
  },
  trial_ended: { label: 'Trial ended', when: "When a trial on a customer's machine has ended." },
  license_disabled: {
    label: 'Licence disabled after a refund',
    when: 'An order was refunded or charged back: the licence stops working in the plugin.',
  },
  machine_freed: {
    label: 'Machine freed',
    when: 'Staff or the customer in the portal freed a machine of a licence.',
  },
};
