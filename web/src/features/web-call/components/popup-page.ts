import { popupFeatures } from './web-call-widget.utils';

/** One web-call window per browser: opening again reuses (and rewrites) it. */
export const POPUP_NAME = 'careloop-web-call';
export const POPUP_ROOT_ID = 'web-call-root';

/**
 * The popup's own styles: it is a separate document, so the app's Mantine styles do not reach it.
 * The orb's size follows `--orb-scale` (the assistant's volume); its animations only change colour,
 * glow and opacity, and stop for people who prefer reduced motion.
 */
export const POPUP_CSS = `
*, *::before, *::after { box-sizing: border-box; }
html, body { margin: 0; height: 100%; }
body {
  font-family: Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: #1f2933;
  background: linear-gradient(180deg, #e6f7f8 0%, #ffffff 55%);
}
.wc { display: flex; flex-direction: column; align-items: center; gap: 16px; height: 100%; padding: 24px; text-align: center; }
.wc-header h1 { margin: 0; font-size: 1.3rem; color: #075560; }
.wc-header p { margin: 4px 0 0; font-size: 0.95rem; color: #495057; }
.wc-stage { flex: 1; display: flex; align-items: center; justify-content: center; width: 100%; min-height: 220px; }
.wc-orb {
  --orb-scale: 1;
  width: 168px; height: 168px; border-radius: 50%;
  transform: scale(var(--orb-scale));
  transition: transform 100ms linear, box-shadow 300ms ease, opacity 300ms ease;
  background: radial-gradient(circle at 35% 30%, #cdeef1, #0a7d8a 65%, #075560);
}
.wc-orb[data-state="idle"] { background: radial-gradient(circle at 35% 30%, #f1f3f5, #868e96 75%); animation: wc-breathe 4s ease-in-out infinite; }
.wc-orb[data-state="connecting"] { animation: wc-pulse 1.2s ease-out infinite; }
.wc-orb[data-state="connected"] { box-shadow: 0 0 28px 6px rgba(11, 110, 121, 0.3); }
.wc-orb[data-state="speaking"] {
  background: radial-gradient(circle at 35% 30%, #e6f7f8, #1fb2c1 55%, #0b6e79);
  box-shadow: 0 0 40px 12px rgba(31, 178, 193, 0.4);
}
.wc-orb[data-state="listening"] {
  background: radial-gradient(circle at 35% 30%, #e6f7f8, #66cbd5 60%, #0a7d8a);
  animation: wc-breathe 2.4s ease-in-out infinite;
}
.wc-orb[data-state="disconnected"] { background: radial-gradient(circle at 35% 30%, #f8f9fa, #adb5bd 75%); }
.wc-orb[data-state="error"] { background: radial-gradient(circle at 35% 30%, #ffe3e3, #c92a2a 75%); }
@keyframes wc-breathe { 0%, 100% { opacity: 1; } 50% { opacity: 0.75; } }
@keyframes wc-pulse {
  0% { box-shadow: 0 0 0 0 rgba(11, 110, 121, 0.5); }
  100% { box-shadow: 0 0 0 28px rgba(11, 110, 121, 0); }
}
@media (prefers-reduced-motion: reduce) {
  .wc-orb { animation: none !important; transition: none !important; transform: none !important; }
}
.wc-status { margin: 0; min-height: 1.5em; font-size: 1.1rem; font-weight: 600; }
.wc-error {
  width: 100%; margin: 0; padding: 10px 12px; border: 1px solid #ffa8a8; border-radius: 8px;
  background: #fff5f5; color: #a51d1d; font-size: 0.95rem;
}
.wc-error[hidden] { display: none; }
.wc-controls { display: flex; gap: 12px; width: 100%; }
.wc-button {
  flex: 1; display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  min-height: 44px; padding: 0 16px; border: 2px solid #0b6e79; border-radius: 8px;
  background: #ffffff; color: #0b6e79; font: inherit; font-weight: 600; cursor: pointer;
}
.wc-button[aria-pressed="true"] { background: #0b6e79; color: #ffffff; }
.wc-button:disabled { border-color: #ced4da; color: #6c757d; background: #f8f9fa; cursor: not-allowed; }
.wc-end { border-color: #c92a2a; background: #c92a2a; color: #ffffff; }
.wc-button:focus-visible { outline: 3px solid #1971c2; outline-offset: 2px; }
`;

/** Opens the blank 400x600 window centred on the opener; null when the browser blocked it. */
export function openCentredPopup(opener: Window): Window | null {
  const popup = opener.open('', POPUP_NAME, popupFeatures(opener));
  return popup && !popup.closed ? popup : null;
}

/**
 * Writes the popup's page (a standards-mode document with its styles) and returns the element the
 * widget renders into. Written with `document.write` so the blank window gets a doctype.
 */
export function writePopupPage(popup: Window, title: string): HTMLElement {
  const doc = popup.document;
  doc.open();
  doc.write(
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light">` +
      `<title></title><style>${POPUP_CSS}</style></head><body><div id="${POPUP_ROOT_ID}"></div></body></html>`,
  );
  doc.close();
  doc.title = title;
  const root = doc.getElementById(POPUP_ROOT_ID);
  if (!root) throw new Error('The web-call window could not be written');
  return root;
}
