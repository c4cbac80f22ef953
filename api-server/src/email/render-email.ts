import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { plainTextSelectors } from '@react-email/render';
import { compile } from 'html-to-text';

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * React Email's `toPlainText(html)` with its own options, compiled once: its `convert` compiles the selectors on
 * every call, which cost more than the rest of the conversion.
 */
const toPlainText = compile({ wordwrap: false, selectors: plainTextSelectors });

/**
 * A mail's HTML and plain text. React Email's own `render` loads react-dom/server through a dynamic import,
 * which the test runner (CommonJS, no VM modules) refuses; the templates never suspend, so the synchronous
 * static render gives the same document. React hoists a preload link for every image, which mail clients
 * have no use for: it is left out, as React Email's render does.
 */
export function renderEmail(element: ReactElement): { html: string; text: string } {
  const markup = renderToStaticMarkup(element).replace(/<link\b[^>]*\brel="preload"[^>]*\bas="image"[^>]*\/?>/gi, '');
  const html = `${DOCTYPE}${markup}`;
  return { html, text: toPlainText(html) };
}
