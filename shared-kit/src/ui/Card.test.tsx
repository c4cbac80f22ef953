import { screen } from '@testing-library/react';
import { Button } from './Button';
import { Card, Section } from './Card';
import { renderWithTheme } from './test-utils';

it('Card holds its content', () => {
  renderWithTheme(<Card>Welcome</Card>);
  expect(screen.getByText('Welcome')).toBeInTheDocument();
});

it('Section is a region named by its heading', () => {
  renderWithTheme(
    <Section title="Channel Memberships" actions={<Button>Edit</Button>}>
      <p>Release</p>
    </Section>,
  );
  const region = screen.getByRole('region', { name: 'Channel Memberships' });
  expect(region).toContainElement(screen.getByRole('heading', { level: 2, name: 'Channel Memberships' }));
  expect(region).toContainElement(screen.getByRole('button', { name: 'Edit' }));
  expect(region).toHaveTextContent('Release');
});
