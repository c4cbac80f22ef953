import { screen } from '@testing-library/react';
import { Spinner } from './Spinner';
import { renderWithTheme } from './test-utils';

it('announces its label as a status', () => {
  renderWithTheme(<Spinner label="Checking authentication..." />);
  expect(screen.getByRole('status')).toHaveTextContent('Checking authentication...');
});
