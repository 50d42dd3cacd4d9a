/**
 * The page's icon: three cards joined by edges, as the graph draws a
 * pipeline, on the header's dark ground. Written here rather than kept as a
 * file so the server answers `/favicon.ico` (which browsers ask for on their
 * own) without reading anything else from disk; an image, so the CSP's
 * `img-src 'self'` covers it.
 */
export const FAVICON_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">',
  '<rect width="32" height="32" rx="6" fill="#1d232a"/>',
  '<path d="M12 9.5h3.5v13H12M15.5 16H19" fill="none" stroke="#9aa4b2" stroke-width="1.5"/>',
  '<rect x="3" y="6" width="9" height="7" rx="1.5" fill="#e8f5ec"/>',
  '<rect x="3" y="19" width="9" height="7" rx="1.5" fill="#e8f5ec"/>',
  '<rect x="19" y="12.5" width="10" height="7" rx="1.5" fill="#e8f5ec"/>',
  '<rect x="19" y="12.5" width="2.5" height="7" fill="#1e8e3e"/>',
  '</svg>',
].join('');

/** The content type of {@link FAVICON_SVG}. */
export const FAVICON_TYPE = 'image/svg+xml';
