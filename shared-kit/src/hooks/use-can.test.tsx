import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthSession } from '../services/shell-services';
import { createTestServices, TestProviders } from '../testing/test-services';
import { manufacturerSession, superuserSession } from '../testing/fixtures';
import { Button } from '../ui/Button';
import type { StaffAction } from '../contract/staff-permissions';
import { permittedSection } from './permitted-section';
import { useCan } from './use-can';

function renderAs(session: AuthSession | null, ui: ReactNode) {
  const { services } = createTestServices({ session });
  return render(<TestProviders services={services}>{ui}</TestProviders>);
}

function NewProduct({ action, onClick }: { action: StaffAction; onClick: () => void }) {
  const permission = useCan(action);
  return (
    <Button onClick={onClick} {...permission.lock}>
      New Product
    </Button>
  );
}

describe('useCan', () => {
  it("disables what the staff member's role cannot do, saying why, and swallows the press", async () => {
    const onClick = jest.fn();
    renderAs(
      { ...manufacturerSession, staff_role: 'support' },
      <NewProduct action="catalog.write" onClick={onClick} />,
    );
    const button = screen.getByRole('button', { name: 'New Product' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute(
      'title',
      'Your role (Support) cannot create or edit products, features, editions or licence policies.',
    );
    // Still reachable by keyboard, so the reason is too.
    await userEvent.tab();
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('leaves alone what the role may do, and the Super User', async () => {
    const onClick = jest.fn();
    const { unmount } = renderAs(
      { ...manufacturerSession, staff_role: 'support' },
      <NewProduct action="machines.free" onClick={onClick} />,
    );
    const button = screen.getByRole('button', { name: 'New Product' });
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).not.toHaveAttribute('title');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    unmount();
    renderAs(superuserSession, <NewProduct action="staff.manage" onClick={onClick} />);
    await userEvent.click(screen.getByRole('button', { name: 'New Product' }));
    expect(onClick).toHaveBeenCalledTimes(2);
  });
});

describe('permittedSection', () => {
  const Webhooks = permittedSection('webhooks.manage', 'Webhooks', () => <p>The endpoints</p>);

  it('shows the section to a role that may use it', () => {
    renderAs({ ...manufacturerSession, staff_role: 'admin' }, <Webhooks />);
    expect(screen.getByText('The endpoints')).toBeInTheDocument();
  });

  it('shows a role that may not the title and the reason instead, rendering nothing of the section', () => {
    renderAs({ ...manufacturerSession, staff_role: 'viewer' }, <Webhooks />);
    expect(screen.getByRole('heading', { name: 'Webhooks' })).toBeInTheDocument();
    expect(screen.getByText('Your role (Viewer) cannot see or change webhooks.')).toBeInTheDocument();
    expect(screen.queryByText('The endpoints')).not.toBeInTheDocument();
  });
});
