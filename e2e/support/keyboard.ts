import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab until `target` has focus: proves it is reachable by keyboard alone, in tab order. */
export async function tabTo(page: Page, target: Locator, maxPresses = 250) {
  for (let press = 0; press < maxPresses; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}
