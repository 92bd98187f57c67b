/** Text made safe to place in HTML (or Pango's markup): between tags and inside a quoted attribute, as numeric references. */
export function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}
