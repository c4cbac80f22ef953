import { screen } from '@testing-library/react';

/** For each link name of `expected`, the href of that link on the screen: compare the two with toEqual. */
export const linkTargets = (expected: Record<string, string>): Record<string, string | null> =>
  Object.fromEntries(
    Object.keys(expected).map((name) => [name, screen.getByRole('link', { name }).getAttribute('href')]),
  );
