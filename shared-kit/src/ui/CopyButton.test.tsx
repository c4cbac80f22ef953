import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COPY_CONFIRMATION_MS } from '../constants';
import { CopyButton } from './CopyButton';
import { renderWithTheme } from './test-utils';

const writeText = jest.fn<Promise<void>, [string]>();

beforeEach(() => {
  jest.useFakeTimers();
  writeText.mockReset();
});

afterEach(() => {
  jest.useRealTimers();
});

// user-event installs its own clipboard stub on setup, so the mock goes in afterwards.
function setupUser({ withClipboard = true } = {}) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  Object.defineProperty(navigator, 'clipboard', {
    value: withClipboard ? { writeText } : undefined,
    configurable: true,
  });
  return user;
}

/** Lets the clipboard promise settle and React apply its outcome. */
async function clickAndSettle(user: ReturnType<typeof userEvent.setup>, button: HTMLElement) {
  await user.click(button);
  await act(() => jest.advanceTimersByTimeAsync(0));
}

describe('CopyButton', () => {
  it('copies the value and confirms for COPY_CONFIRMATION_MS', async () => {
    writeText.mockResolvedValue(undefined);
    const user = setupUser();
    renderWithTheme(<CopyButton value="PUBLIC-KEY" />);
    await clickAndSettle(user, screen.getByRole('button', { name: 'Copy' }));

    expect(writeText).toHaveBeenCalledWith('PUBLIC-KEY');
    expect(screen.getByRole('status')).toHaveTextContent('Copied to clipboard!');

    act(() => jest.advanceTimersByTime(COPY_CONFIRMATION_MS - 1));
    expect(screen.getByText('Copied to clipboard!')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Copied to clipboard!')).not.toBeInTheDocument();
  });

  it('restarts the confirmation time on a second copy', async () => {
    writeText.mockResolvedValue(undefined);
    const user = setupUser();
    renderWithTheme(<CopyButton value="PUBLIC-KEY" label="Copy Public Key" />);
    const button = screen.getByRole('button', { name: 'Copy Public Key' });
    await clickAndSettle(user, button);
    act(() => jest.advanceTimersByTime(COPY_CONFIRMATION_MS / 2));
    await clickAndSettle(user, button);
    act(() => jest.advanceTimersByTime(COPY_CONFIRMATION_MS / 2 + 1));
    expect(screen.getByText('Copied to clipboard!')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(COPY_CONFIRMATION_MS));
    expect(screen.queryByText('Copied to clipboard!')).not.toBeInTheDocument();
  });

  it('says so when the copy fails', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    const user = setupUser();
    renderWithTheme(<CopyButton value="PUBLIC-KEY" />);
    await clickAndSettle(user, screen.getByRole('button', { name: 'Copy' }));
    expect(screen.getByRole('status')).toHaveTextContent('Copy failed');
    expect(screen.queryByText('Copied to clipboard!')).not.toBeInTheDocument();
  });

  it('fails gracefully without a clipboard', async () => {
    const user = setupUser({ withClipboard: false });
    renderWithTheme(<CopyButton value="PUBLIC-KEY" />);
    await clickAndSettle(user, screen.getByRole('button', { name: 'Copy' }));
    expect(screen.getByRole('status')).toHaveTextContent('Copy failed');
  });
});
