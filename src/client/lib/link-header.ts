/**
 * The `rel="next"` target of an HTTP Link header (RFC 8288), or null when there is none: the
 * keyset-paged lists put the next page's address there and leave it out on the last page.
 * Handles several links in one header, quoted or bare rel values, several rel types in one value
 * (`rel="prev next"`), commas inside the <URI>, and parameters in any order and case.
 */
export function nextLink(header: string | null | undefined): string | null {
  if (!header) return null;
  // One link: <URI> then its ;-separated parameters, up to the next link's '<' (a quoted value may
  // hold commas or semicolons, so parameters are matched as name=token or name="quoted").
  const link =
    /<([^>]*)>((?:\s*;\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:\s*=\s*(?:"(?:[^"\\]|\\.)*"|[^\s;,]+))?)*)/g;
  const param = /;\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?:\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s;,]+)))?/g;
  for (const [, uri, params = ''] of header.matchAll(link)) {
    for (const [, name, quoted, bare] of params.matchAll(param)) {
      if (name?.toLowerCase() !== 'rel') continue;
      const types = (quoted ?? bare ?? '').toLowerCase().split(/\s+/);
      if (types.includes('next')) return uri?.trim() || null;
      break; // only the first rel parameter counts (RFC 8288 §3.3)
    }
  }
  return null;
}
