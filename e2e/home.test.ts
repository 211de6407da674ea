import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage, pageProblems } from './support/browser.ts';

describe('home page', () => {
  it('shows the carousel, the first six events and client reviews', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Ongoing Events' }).waitFor();
    await page.getByTestId('event-card').nth(5).waitFor();
    expect(await page.getByTestId('event-card').count()).toBe(6);
    expect(await page.getByRole('link', { name: /view event/i }).count()).toBe(6);
    await page.getByTestId('review-card').first().waitFor();
    expect(await page.getByTestId('review-card').count()).toBe(6);
    expect(await page.getByTestId('carousel-slide').count()).toBe(3);
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });

  it('moves the carousel with the next and previous controls', async () => {
    const page = await newPage();
    await page.goto('/home');
    const slides = page.getByTestId('carousel-slide');
    await slides.first().waitFor();
    const visibleSlide = () =>
      slides.evaluateAll((elements) => {
        const viewport = elements[0]?.parentElement?.parentElement?.getBoundingClientRect();
        return elements.findIndex((el) => {
          const box = el.getBoundingClientRect();
          return viewport !== undefined && Math.abs(box.left - viewport.left) < 2;
        });
      });
    expect(await visibleSlide()).toBe(0);
    await page.getByRole('button', { name: /next/i }).click();
    await expect.poll(visibleSlide).toBe(1);
    await page.getByRole('button', { name: /previous/i }).click();
    await expect.poll(visibleSlide).toBe(0);
  });

  it('shows everything on a 360 px phone without sideways scrolling', async () => {
    const page = await newPage({ width: 360, height: 740 });
    await page.goto('/');
    await page.getByTestId('event-card').nth(5).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
