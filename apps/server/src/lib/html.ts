/** Escapes text for HTML, as element text or a quoted attribute value: `&`, `<`, `>`, `"` and `'`. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
