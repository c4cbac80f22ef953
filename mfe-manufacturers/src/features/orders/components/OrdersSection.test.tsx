import { screen } from '@testing-library/react';
import { superuserSession } from 'shared-kit/testing';
import { renderArea } from '../../../shared/test-support/render-area';
import { manufacturerFixture } from '../../../shared/test-support/manufacturer-fixture';
import { sectionAtRest } from '../../../shared/test-support/sections-at-rest';

describe("a manufacturer's Orders section", () => {
  it("leads the superuser from the manufacturer's page to its orders", async () => {
    const { user } = renderArea({
      entries: ['/Home/Manufacturers/7'],
      session: superuserSession,
      server: (call) => (call.path === '/manufacturers/7' ? manufacturerFixture() : sectionAtRest(call)),
    });
    await user.click(await screen.findByRole('link', { name: 'View orders' }));
    expect(screen.getByLabelText('Current location')).toHaveTextContent('/Home/ManufacturerOrders/7');
  });
});
