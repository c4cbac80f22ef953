// The list writes it, the details page's Back rule (leave-rule.ts) reads it.
export const RETURN_TO_PARAM = 'returnTo';

/** The detail page of a manufacturer, relative to the list, remembering the page that opened it. */
export const detailsLink = (id: number, returnTo: string) =>
  `${id}?${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo })}`;
