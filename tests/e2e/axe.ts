import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core's serious and critical findings on the page as it is now, one line each. Legacy mode
 * runs axe in the page itself: our pages have no frames to gather from, and the default mode opens
 * a blank page for each analysis, a new renderer each time (three times the CPU on two cores).
 */
export async function seriousFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
