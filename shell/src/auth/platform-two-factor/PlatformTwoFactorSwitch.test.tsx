import { screen } from '@testing-library/react';
import { formatDateTime } from 'shared-kit';
import { apiError, notFound, renderPage, type RecordedApiCall } from 'shared-kit/testing';
import {
  PLATFORM_REQUIREMENT_LABEL,
  PLATFORM_REQUIREMENT_OFF,
  PLATFORM_REQUIREMENT_ON,
  PLATFORM_REQUIREMENT_WARNING,
  PlatformTwoFactorSwitch,
} from './PlatformTwoFactorSwitch';
import { PLATFORM_REQUIREMENT_PATH } from './use-platform-requirement';

const SINCE = '2026-11-26T08:00:00.000Z';

/** The platform's requirement as the server keeps it; `refuse` may throw for a call. */
function requirementServer(refuse?: (call: RecordedApiCall) => void) {
  let required = false;
  return (call: RecordedApiCall) => {
    if (call.path !== PLATFORM_REQUIREMENT_PATH) return notFound(call);
    refuse?.(call);
    if (call.method === 'PUT') required = (call.body as { required: boolean }).required;
    return { required, required_since: required ? SINCE : null };
  };
}

const changes = (calls: RecordedApiCall[]) =>
  calls.filter((call) => call.method === 'PUT').map((call) => [call.path, call.body]);

describe("the Super User's platform-wide two-factor switch", () => {
  it('requires two-factor sign-in of every system user as flipped, with its date, and stops requiring it', async () => {
    const { user, calls } = renderPage(<PlatformTwoFactorSwitch />, { server: requirementServer() });
    const toggle = await screen.findByRole('checkbox', { name: PLATFORM_REQUIREMENT_LABEL });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(PLATFORM_REQUIREMENT_WARNING)).toBeInTheDocument();
    await user.click(toggle);
    expect(await screen.findByText(PLATFORM_REQUIREMENT_ON)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: PLATFORM_REQUIREMENT_LABEL })).toBeChecked();
    expect(screen.getByText(`Required since ${formatDateTime(SINCE)}.`)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: PLATFORM_REQUIREMENT_LABEL }));
    expect(await screen.findByText(PLATFORM_REQUIREMENT_OFF)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: PLATFORM_REQUIREMENT_LABEL })).not.toBeChecked();
    expect(changes(calls)).toEqual([
      [PLATFORM_REQUIREMENT_PATH, { required: true }],
      [PLATFORM_REQUIREMENT_PATH, { required: false }],
    ]);
  });

  it("shows the server's refusal and keeps the switch as it was", async () => {
    const message = 'Access denied. This action is for the superuser.';
    const { user } = renderPage(<PlatformTwoFactorSwitch />, {
      server: requirementServer((call) => {
        if (call.method === 'PUT') throw apiError(403, message);
      }),
    });
    await user.click(await screen.findByRole('checkbox', { name: PLATFORM_REQUIREMENT_LABEL }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: PLATFORM_REQUIREMENT_LABEL })).not.toBeChecked();
  });
});
