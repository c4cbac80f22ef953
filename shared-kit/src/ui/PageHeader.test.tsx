import { screen } from '@testing-library/react';
import { Button } from './Button';
import { PageHeader } from './PageHeader';
import { renderWithTheme } from './test-utils';

it('shows the page title as the level-one heading with its actions', () => {
  renderWithTheme(<PageHeader title="Users" actions={<Button variant="primary">New User</Button>} />);
  expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'New User' })).toBeInTheDocument();
});
