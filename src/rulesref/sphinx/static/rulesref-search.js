/* rulesref: the search page, on the Pagefind index written by rulesref.sphinx.search.
 *
 * Results come in three groups, always in this order: rules (each opens the
 * rule itself, with its number, first words and a snippet), pages, and the
 * API reference.  A query that is a rule number puts that rule first.
 * Pagefind's snippets are rebuilt as text plus <mark> elements only. */

const root = document.documentElement.dataset.content_root || "";
const base = new URL(root || "./", window.location.href);
const GROUPS = [
  ["rule", "Rules"],
  ["page", "Pages"],
  ["api", "API reference (for scenario authors)"],
];
const PER_GROUP = 20;
const NUMBER = /^(?:(?:rule|section|step|chapter|§)\s*)?([0-9][0-9a-z_]*(?:\.[0-9a-z_]+)*)\.?$/i;

const form = document.querySelector(".rr-search-form");
const input = document.getElementById("rr-search-input");
const status = document.querySelector(".rr-search-status");
const results = document.getElementById("search-results");

const element = (tag, className, text) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

/* Text and <mark> only, whatever the snippet holds. */
const marked = (html, into) => {
  const template = document.createElement("template");
  template.innerHTML = html;
  for (const node of template.content.childNodes) {
    if (node.nodeName === "MARK") into.append(element("mark", "", node.textContent));
    else into.append(document.createTextNode(node.textContent));
  }
  return into;
};

const href = (url) => new URL(url.replace(/^\//, ""), base).href;

const entry = ({ url, number, title, where, excerpt }) => {
  const item = element("li", "rr-search-result");
  const link = element("a", "rr-search-title");
  link.href = href(url);
  if (number) link.append(element("span", "rr-number", number));
  link.append(document.createTextNode(title));
  item.append(link);
  if (where) item.append(element("div", "rr-search-where", where));
  if (excerpt) item.append(marked(excerpt, element("p", "rr-search-excerpt")));
  return item;
};

/* The rule a number names, from its short address page (r/<number>/). */
const byNumber = async (number) => {
  try {
    const page = new URL(`r/${number}/`, base);
    const response = await fetch(page);
    if (!response.ok) return null;
    const doc = new DOMParser().parseFromString(await response.text(), "text/html");
    const target = doc.querySelector('meta[name="rulesref-target"]');
    const text = (doc.querySelector('meta[name="description"]') || {}).content || "";
    const title = doc.querySelector("title");
    const words = text.split(/\s+/);
    return {
      url: new URL(target ? target.getAttribute("content") : page.href, page).href,
      number,
      title: ` ${words.slice(0, 10).join(" ")}${words.length > 10 ? "…" : ""}`,
      where: title ? title.textContent.replace(/^.* · /, "") : "",
      excerpt: text.replace(/[<>&]/g, " "),
    };
  } catch (error) {
    return null;
  }
};

const search = async (query) => {
  results.replaceChildren();
  if (!query) {
    status.textContent = "";
    return;
  }
  status.textContent = "Searching…";
  const match = NUMBER.exec(query);
  const exact = match ? await byNumber(match[1].toLowerCase()) : null;
  /* Two bundles (see search.py): the rules', then the pages' merged into it.
   * A bundle with nothing to index is not written, so either may be missing. */
  let pagefind = null;
  for (const bundle of ["_pagefind/", "_pagefind-pages/"]) {
    try {
      if (pagefind) {
        await pagefind.mergeIndex(new URL(bundle, base).href, { baseUrl: "/" });
      } else {
        const loaded = await import(new URL(`${bundle}pagefind.js`, base).href);
        await loaded.options({ baseUrl: "/", excerptLength: 24, ranking: { pageLength: 0.75 } });
        pagefind = loaded;
      }
    } catch (error) {
      /* this bundle is missing: search the other */
    }
  }
  if (!pagefind) {
    status.textContent = "The search index could not be loaded (open the site through a web server).";
    return;
  }
  const found = await pagefind.search(query);
  const grouped = { rule: [], page: [], api: [] };
  const top = found.results.slice(0, 3 * PER_GROUP);
  const data = await Promise.all(top.map((r) => r.data()));
  /* A rule that defines a word of the query ("hidden" in "hidden zone") is
   * where that word is explained: it goes before rules that merely use it. */
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const defines = (record) => {
    const terms = ((record.meta || {}).defines || "").toLowerCase().split(/\s+/);
    return words.some((word) => terms.some((term) => term && (term.startsWith(word)
      || word.startsWith(term))));
  };
  const order = data.map((record, index) => ({ record, index, first: defines(record) }));
  order.sort((a, b) => (b.first - a.first) || (a.index - b.index));
  for (const { record } of order) {
    const kind = ((record.filters || {}).kind || ["page"])[0];
    const list = grouped[kind] || grouped.page;
    if (list.length >= PER_GROUP) continue;
    const meta = record.meta || {};
    if (kind === "rule") {
      if (exact && href(meta.href || record.url) === exact.url) continue;
      list.push({
        url: meta.href || record.url,
        number: meta.number,
        title: ` ${meta.title || ""}`,
        where: [meta.book, meta.chapter].filter(Boolean).join(" · "),
        excerpt: record.excerpt,
      });
    } else {
      const sub = (record.sub_results || [])[0];
      list.push({
        url: sub && sub.url ? sub.url : record.url,
        number: "",
        title: (meta.title || record.url).replace(/[¶#]$/, ""),
        where: sub && sub.title && sub.title !== meta.title ? sub.title.replace(/[¶#]$/, "") : "",
        excerpt: sub && sub.excerpt ? sub.excerpt : record.excerpt,
      });
    }
  }
  if (exact) grouped.rule.unshift(exact);
  let total = 0;
  for (const [kind, heading] of GROUPS) {
    const list = grouped[kind];
    if (!list.length) continue;
    total += list.length;
    const id = `rr-results-${kind}`;
    const title = element("h2", "rr-search-group", heading);
    title.id = id;
    const items = element("ul", "rr-search-results");
    items.setAttribute("aria-labelledby", id);
    items.append(...list.map(entry));
    results.append(title, items);
  }
  status.textContent = total
    ? `${total} result${total === 1 ? "" : "s"} for “${query}”.`
    : `Nothing found for “${query}”. Try fewer words, or a rule number such as 8.1.2e.`;
};

const query = (new URLSearchParams(window.location.search).get("q") || "").trim();
input.value = query;
search(query);
if (!query) input.focus();
form.addEventListener("submit", (event) => {
  const value = input.value.trim();
  if (NUMBER.test(value)) return; /* rulesref-site.js jumps to the rule */
  event.preventDefault();
  history.pushState(null, "", `?q=${encodeURIComponent(value)}`);
  search(value);
});
window.addEventListener("popstate", () => {
  const value = (new URLSearchParams(window.location.search).get("q") || "").trim();
  input.value = value;
  search(value);
});
