import { screen } from '@testing-library/react';
import { ErrorText } from './ErrorText';
import { renderWithTheme } from './test-utils';

it('announces the error', () => {
  renderWithTheme(<ErrorText>Please select a reason for deactivation</ErrorText>);
  expect(screen.getByRole('alert')).toHaveTextContent('Please select a reason for deactivation');
});
