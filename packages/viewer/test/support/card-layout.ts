import type { Browser } from './chromium.js';
import type { Box } from './graph-page.js';

type Page = Awaited<ReturnType<Browser['newPage']>>;

/** A card's outline and each text drawn on it (hidden ones left out), as on screen. */
export interface CardLayout {
  readonly id: string;
  readonly card: Box;
  readonly texts: readonly (Box & { readonly text: string })[];
}

/** Every dataset card's outline and visible texts, measured on the page. */
export function cardLayouts(page: Page): Promise<CardLayout[]> {
  return page.$$eval('g.node.dataset', (gs) =>
    gs.map((g) => {
      const box = (e: Element, id: string) => {
        const r = e.getBoundingClientRect();
        return { id, x: r.x, y: r.y, width: r.width, height: r.height };
      };
      const outline = g.querySelector(':scope > rect.card');
      if (outline === null) throw new Error(`card ${g.getAttribute('data-id')} has no outline`);
      const texts = [...g.querySelectorAll('text')]
        .filter((t) => getComputedStyle(t).display !== 'none' && (t.textContent ?? '') !== '')
        .map((t) => ({ ...box(t, t.getAttribute('class') ?? ''), text: t.textContent ?? '' }));
      return { id: g.getAttribute('data-id') ?? '', card: box(outline, 'card'), texts };
    }),
  );
}

/** Text boxes share at most this much (glyph cells of adjacent lines touch): more is an overlap. */
const TOLERANCE = 0.5;

/** What is wrong with a card's texts: two that intersect, or one reaching out of the card. Empty when nothing is. */
export function layoutFaults(layout: CardLayout): string[] {
  const faults: string[] = [];
  const { card, texts } = layout;
  for (const t of texts) {
    if (t.x < card.x - TOLERANCE || t.y < card.y - TOLERANCE || t.x + t.width > card.x + card.width + TOLERANCE || t.y + t.height > card.y + card.height + TOLERANCE) {
      faults.push(`${layout.id}: "${t.text}" (${t.id}) reaches out of the card`);
    }
  }
  for (const [i, a] of texts.entries()) {
    for (const b of texts.slice(i + 1)) {
      const across = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const down = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (across > TOLERANCE && down > TOLERANCE) faults.push(`${layout.id}: "${a.text}" (${a.id}) overlaps "${b.text}" (${b.id})`);
    }
  }
  return faults;
}
