import '@testing-library/jest-dom/vitest';
import type { PropertyImage } from '@kiraya/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeProperty } from '../../../test/support';
import { PropertyFacts } from './PropertyFacts';
import { gallerySlides, PropertyGallery, SWIPE_MIN_PX } from './PropertyGallery';

afterEach(cleanup);

// jsdom has no PointerEvent: a MouseEvent with a pointer id and type is enough for the swipe handler.
beforeAll(() => {
  if (typeof window.PointerEvent === 'undefined') {
    class PointerEventPolyfill extends MouseEvent {
      pointerId: number;
      pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'touch';
      }
    }
    window.PointerEvent = PointerEventPolyfill as unknown as typeof PointerEvent;
  }
});

const images = (n: number): PropertyImage[] =>
  Array.from({ length: n }, (_, i) => ({
    _id: `img${i + 1}`,
    url: `/uploads/p/img${i + 1}-display.webp`,
    thumbnailUrl: `/uploads/p/img${i + 1}-thumb.webp`,
    width: 1600,
    height: 1067,
  }));

const big = () => screen.getByRole('group', { name: /of/ }).querySelector('img') as HTMLImageElement;
const counter = () => screen.getByText(/^\d+ \/ \d+$/);

describe('PropertyGallery', () => {
  it('shows the first photo large, eager and high priority, with its size and a srcset of thumbnail and display size', () => {
    render(<PropertyGallery title="Sea Breeze" images={images(5)} />);
    const img = big();
    expect(img).toHaveAttribute('src', '/uploads/p/img1-display.webp');
    expect(img).toHaveAttribute('srcset', '/uploads/p/img1-thumb.webp 480w, /uploads/p/img1-display.webp 1600w');
    expect(img).toHaveAttribute('alt', 'Sea Breeze, photo 1 of 5');
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('height', '1067');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(counter()).toHaveTextContent('1 / 5');
    expect(screen.getByRole('region', { name: 'Photos of Sea Breeze' })).toHaveAttribute('aria-roledescription', 'carousel');
  });

  it('next and previous move one photo and wrap around at both ends', async () => {
    const user = userEvent.setup();
    render(<PropertyGallery title="Sea Breeze" images={images(3)} />);
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(counter()).toHaveTextContent('3 / 3');
    expect(big()).toHaveAttribute('src', '/uploads/p/img3-display.webp');
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(counter()).toHaveTextContent('1 / 3');
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(counter()).toHaveTextContent('2 / 3');
    expect(screen.getByText('Photo 2 of 3')).toHaveClass('sr-only');
    expect(big()).toHaveAttribute('alt', 'Sea Breeze, photo 2 of 3');
  });

  it('loads photos after the first lazily and asynchronously', async () => {
    const user = userEvent.setup();
    render(<PropertyGallery title="Sea Breeze" images={images(3)} />);
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(big()).toHaveAttribute('loading', 'lazy');
    expect(big()).toHaveAttribute('decoding', 'async');
    expect(big()).not.toHaveAttribute('fetchpriority');
    for (const thumb of screen.getByRole('list', { name: 'Photos' }).querySelectorAll('img')) {
      expect(thumb).toHaveAttribute('loading', 'lazy');
      expect(thumb).toHaveAttribute('alt', '');
    }
  });

  it('arrow keys, Home and End change the photo while focus is inside', async () => {
    const user = userEvent.setup();
    render(<PropertyGallery title="Sea Breeze" images={images(4)} />);
    await user.tab();
    expect(screen.getByRole('group', { name: '1 of 4' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(counter()).toHaveTextContent('2 / 4');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(counter()).toHaveTextContent('4 / 4');
    await user.keyboard('{Home}');
    expect(counter()).toHaveTextContent('1 / 4');
    await user.keyboard('{End}');
    expect(counter()).toHaveTextContent('4 / 4');
    // also from the buttons: focus stays on Next while the arrow key moves the photo
    screen.getByRole('button', { name: 'Next photo' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(counter()).toHaveTextContent('1 / 4');
    expect(screen.getByRole('button', { name: 'Next photo' })).toHaveFocus();
  });

  it('thumbnails are named buttons that show their photo and mark the current one', async () => {
    const user = userEvent.setup();
    render(<PropertyGallery title="Sea Breeze" images={images(5)} />);
    const thumbs = within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('button');
    expect(thumbs).toHaveLength(5);
    expect(thumbs[0]).toHaveAttribute('aria-current', 'true');
    expect(thumbs[0]?.querySelector('img')).toHaveAttribute('src', '/uploads/p/img1-thumb.webp');
    await user.click(screen.getByRole('button', { name: 'Show photo 4 of 5' }));
    expect(counter()).toHaveTextContent('4 / 5');
    expect(big()).toHaveAttribute('src', '/uploads/p/img4-display.webp');
    expect(screen.getByRole('button', { name: 'Show photo 4 of 5' })).toHaveAttribute('aria-current', 'true');
    expect(thumbs[0]).not.toHaveAttribute('aria-current');
  });

  it('a horizontal swipe changes the photo; a short or vertical move does not', () => {
    render(<PropertyGallery title="Sea Breeze" images={images(3)} />);
    const slide = screen.getByRole('group', { name: '1 of 3' });
    const swipe = (dx: number, dy = 0) => {
      fireEvent.pointerDown(slide, { pointerId: 7, pointerType: 'touch', clientX: 200, clientY: 100 });
      fireEvent.pointerUp(slide, { pointerId: 7, pointerType: 'touch', clientX: 200 + dx, clientY: 100 + dy });
    };
    swipe(-(SWIPE_MIN_PX + 20));
    expect(counter()).toHaveTextContent('2 / 3');
    swipe(SWIPE_MIN_PX + 20);
    expect(counter()).toHaveTextContent('1 / 3');
    swipe(SWIPE_MIN_PX + 20);
    expect(counter()).toHaveTextContent('3 / 3');
    swipe(-10);
    expect(counter()).toHaveTextContent('3 / 3');
    swipe(-60, 200);
    expect(counter()).toHaveTextContent('3 / 3');
  });

  it('one photo: no buttons, counter or thumbnails, and not a tab stop', () => {
    render(<PropertyGallery title="Sea Breeze" images={images(1)} />);
    expect(big()).toHaveAttribute('alt', 'Sea Breeze');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(/\d+ \/ \d+/)).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByRole('group', { name: '1 of 1' })).not.toHaveAttribute('tabindex');
  });

  it('no photos: "No Image Available"', () => {
    render(<PropertyGallery title="Sea Breeze" images={[]} urls={[]} />);
    expect(screen.getByText('No Image Available')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('falls back to the bare display URLs of older answers', () => {
    render(<PropertyGallery title="Old" images={[]} urls={['/uploads/a.webp', '/uploads/b.webp']} />);
    expect(big()).toHaveAttribute('src', '/uploads/a.webp');
    expect(counter()).toHaveTextContent('1 / 2');
  });

  it('gives a portrait thumbnail its width inside the 480 px box', () => {
    const [s] = gallerySlides([{ _id: 'x', url: '/d.webp', thumbnailUrl: '/t.webp', width: 900, height: 1600 }]);
    expect(s?.thumbWidth).toBe(270);
  });
});

describe('PropertyFacts', () => {
  it('shows the description, type, street, landmark, owner, listing date (en-IN) and amenities', () => {
    const p = makeProperty({
      description: 'Sea-facing flats.\nFive minutes from the station.',
      propertyType: 'Apartment/Flat',
      street: '4 Juhu Lane',
      landmark: 'Opposite Juhu Beach',
      owner: { _id: 'o1', username: 'priya_owner', verified: true },
      amenities: ['WiFi', 'Covered parking for two cars'],
      createdAt: '2026-03-03T06:30:00.000Z',
    });
    render(<PropertyFacts property={p} />);
    const about = screen.getByRole('region', { name: 'About this property' });
    expect(about).toHaveTextContent('Sea-facing flats. Five minutes from the station.');
    const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(fact('Property type')).toHaveTextContent('Apartment/Flat');
    expect(fact('Street')).toHaveTextContent('4 Juhu Lane');
    expect(fact('Landmark')).toHaveTextContent('Opposite Juhu Beach');
    expect(fact('Listed by')).toHaveTextContent('priya_owner');
    const since = screen.getByText('Listed since 3 March 2026');
    expect(since.tagName).toBe('TIME');
    expect(since).toHaveAttribute('datetime', '2026-03-03T06:30:00.000Z');
    const chips = within(screen.getByRole('list', { name: 'Amenities' })).getAllByRole('listitem');
    expect(chips.map((c) => c.getAttribute('title'))).toEqual(['WiFi', 'Covered parking for two cars']);
  });

  it('leaves out an empty landmark and amenities, and says when there is no description', () => {
    render(<PropertyFacts property={makeProperty({ landmark: '', amenities: [], description: '  ' })} />);
    expect(screen.queryByText('Landmark')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Amenities' })).toBeNull();
    expect(screen.getByText('No description provided')).toBeInTheDocument();
  });
});
