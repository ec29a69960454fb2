/**
 * Takes the JSON the server wrote into the page under `id` (a `<script type="application/json">`
 * element, see BOOT_SESSION_ELEMENT_ID): its value once, and undefined ever after or when the page
 * has none or it does not parse. The element is removed, so a later read asks the server.
 */
export function takeBootJson(id: string): unknown {
  const value = peekBootJson(id);
  document.getElementById(id)?.remove();
  return value;
}

/**
 * The JSON the server wrote into the page under `id`, read and left in place (for what the first
 * render needs before the one that takes it has run: the tenant's theme); undefined when the page
 * has none or it does not parse.
 */
export function peekBootJson(id: string): unknown {
  const element = document.getElementById(id);
  if (!element) return undefined;
  try {
    return JSON.parse(element.textContent ?? '') as unknown;
  } catch {
    return undefined;
  }
}
