/**
 * Server-side search (issue 10 item 8): a record is found by a prefix of one of its search terms,
 * read from an index of terms (one item per term, sorted by term), never by reading a whole
 * partition. Terms and searches are normalized the same way: lower case, accents dropped, spaces
 * collapsed.
 */

/** Longer search texts are cut to this, and so are the terms they are matched against. */
export const SEARCH_TERM_MAX = 64;

export function normalizeSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SEARCH_TERM_MAX);
}

/** The normalized search, or null when there is nothing to search for (list everything). */
export function searchPrefix(search: string | undefined): string | null {
  const prefix = normalizeSearch(search ?? '');
  return prefix === '' ? null : prefix;
}

/**
 * A person (patient or staff account) is found by a prefix of their first name, last name, full
 * name, any later word of a name, or e-mail address.
 */
export function personTerms(p: { first_name: string; last_name: string; email: string }): string[] {
  const words = `${p.first_name} ${p.last_name}`.split(/\s+/);
  return uniqueTerms([p.first_name, p.last_name, `${p.first_name} ${p.last_name}`, ...words, p.email]);
}

/** An organization is found by a prefix of its name, any word of it, or its office e-mail. */
export function organizationTerms(o: { name: string; office_email: string | null }): string[] {
  return uniqueTerms([o.name, ...o.name.split(/\s+/), o.office_email ?? '']);
}

function uniqueTerms(texts: readonly string[]): string[] {
  return [...new Set(texts.map(normalizeSearch).filter((t) => t !== ''))].sort();
}

/**
 * One index item per term. A search prefix can match several terms of one record (`ann` matches
 * `ann` and `ann lee`); the record must show once, at its first matching term. `shadow` is the
 * length of the longest prefix the term shares with an earlier term of the same record: a search
 * no longer than that already found the record there, so the index read skips this item
 * (`shadow < prefix length`), and no page repeats a record another page showed.
 */
export interface SearchTerm {
  term: string;
  shadow: number;
}

export function indexTerms(terms: readonly string[]): SearchTerm[] {
  const sorted = neededTerms(terms).sort(indexOrder);
  return sorted.map((term, i) => ({
    term,
    shadow: sorted.slice(0, i).reduce((longest, earlier) => Math.max(longest, commonPrefix(earlier, term)), 0),
  }));
}

/**
 * The terms a record needs items for: none that starts another of its terms (`ann` beside
 * `ann lee`), since every search that finds the shorter finds the longer. Most people need one
 * item fewer (the first name starts the full name); a panel import writes about a tenth fewer items.
 */
function neededTerms(terms: readonly string[]): string[] {
  const unique = [...new Set(terms)];
  return unique.filter((term) => !unique.some((other) => other !== term && other.startsWith(term)));
}

/**
 * The order of the index's sort keys (`…#term_<term>#record_id_<id>`): DynamoDB compares UTF-8
 * bytes, and the `#` after the term counts (`ann lee#` sorts before `ann#`).
 */
const indexOrder = (a: string, b: string): number => Buffer.compare(Buffer.from(`${a}#`), Buffer.from(`${b}#`));

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** Whether a record found through the index still has a term with the prefix (its entries may lag a concurrent edit). */
export const stillMatches = (terms: readonly string[], prefix: string): boolean =>
  terms.some((t) => t.startsWith(prefix));
