import { expect, gotoReady, test } from './fixtures';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** B17: the public property page's gallery and facts, above the room cards, on a demo property. */

type DemoProperty = { _id: string; title: string; images: { url: string; thumbnailUrl: string }[]; owner: { username: string } };

async function demoProperty(page: Page): Promise<DemoProperty> {
  const res = await page.request.get('/api/v1/properties/fetch-all-properties');
  expect(res.ok()).toBeTruthy();
  const { data } = await res.json();
  const list: DemoProperty[] = data.properties ?? data;
  const p = list.find((x) => x.images.length > 1);
  if (!p) throw new Error('no demo property with more than one photo');
  return p;
}

async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const width of [1280, 390]) {
  test(`a visitor browses the property's photos and facts (${width} px)`, async ({ page }, info) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    const p = await demoProperty(page);
    const n = p.images.length;
    await gotoReady(page, `/properties/${p._id}`);
    await expect(page.getByRole('heading', { level: 1, name: p.title })).toBeVisible();

    const gallery = page.getByRole('region', { name: `Photos of ${p.title}` });
    const big = gallery.getByRole('group', { name: `1 of ${n}` }).getByRole('img');
    await expect(big).toHaveAttribute('src', p.images[0]?.url ?? '');
    await expect(big).toHaveAttribute('fetchpriority', 'high');
    await expect(big).toHaveJSProperty('complete', true);
    expect(await big.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(gallery.getByText(`1 / ${n}`)).toBeVisible();
    // the gallery sits above the room cards
    const galleryBox = await gallery.boundingBox();
    const roomBox = await page
      .getByRole('heading', { level: 2, name: /^Room / })
      .first()
      .boundingBox();
    expect(galleryBox && roomBox && galleryBox.y < roomBox.y).toBeTruthy();

    await gallery.getByRole('button', { name: 'Next photo' }).click();
    await expect(gallery.getByText(`2 / ${n}`)).toBeVisible();
    await expect(gallery.getByRole('group', { name: `2 of ${n}` }).getByRole('img')).toHaveAttribute('src', p.images[1]?.url ?? '');
    await page.keyboard.press('ArrowLeft');
    await expect(gallery.getByText(`1 / ${n}`)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(gallery.getByText(`${n} / ${n}`)).toBeVisible();
    await gallery.getByRole('button', { name: `Show photo 2 of ${n}` }).click();
    await expect(gallery.getByRole('button', { name: `Show photo 2 of ${n}` })).toHaveAttribute('aria-current', 'true');

    const about = page.getByRole('region', { name: 'About this property' });
    await expect(about.getByText(/^Listed since \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
    await expect(about).toContainText(p.owner.username);
    await expect(about.getByRole('list', { name: 'Amenities' })).toBeVisible();
    await axe(page);
    await gallery.getByRole('button', { name: `Show photo 1 of ${n}` }).click();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: info.outputPath(`property-page-${width}.png`), fullPage: true });
  });
}

test('a touch swipe changes the photo', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const p = await demoProperty(page);
  await gotoReady(page, `/properties/${p._id}`);
  const gallery = page.getByRole('region', { name: `Photos of ${p.title}` });
  const slide = gallery.getByRole('group', { name: `1 of ${p.images.length}` });
  await expect(slide.getByRole('img')).toBeVisible();
  const box = await slide.boundingBox();
  if (!box) throw new Error('no slide box');
  const y = box.y + box.height / 2;
  await slide.dispatchEvent('pointerdown', { pointerId: 3, pointerType: 'touch', isPrimary: true, clientX: box.x + 300, clientY: y });
  await slide.dispatchEvent('pointerup', { pointerId: 3, pointerType: 'touch', isPrimary: true, clientX: box.x + 60, clientY: y + 5 });
  await expect(gallery.getByText(`2 / ${p.images.length}`)).toBeVisible();
  await context.close();
});
