// The notebook widget's ES module (anywidget's `_esm`): the pages' own files travel inside it as
// text (`SOURCES`, filled in by the Python package from the same files the server embeds) and
// are imported here as a graph of blob-URL modules, each relative import ('./x.js') pointing at
// the blob of x.js; then widget.js mounts the board. A notebook serves no folder of files, so
// this is how the pages' modules reach it unchanged.
const SOURCES = /* ONAG_SOURCES */ {};

const urls = new Map();
/** The blob URL of module `name` with its imports of sibling modules rewritten to blob URLs. */
function moduleUrl(name) {
  if (urls.has(name)) return urls.get(name);
  const source = SOURCES[name];
  if (source === undefined) throw new Error(`the widget lacks the module ${name}`);
  const text = source.replace(/(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])\.\/([\w.-]+\.js)\2/g,
    (_, head, quote, dep) => `${head}${quote}${moduleUrl(dep)}${quote}`);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));
  urls.set(name, url);
  return url;
}

const widgets = new Map();
/**
 * anywidget's entry point: mounts the board in `el`; returns the clean-up. A loopy game's
 * board (`page.loopy`, the loopy registry's games) is loopywidget.js, every other widget.js.
 */
async function render({ model, el }) {
  const name = (model.get('page') || {}).loopy ? 'loopywidget.js' : 'widget.js';
  if (!widgets.has(name)) widgets.set(name, import(moduleUrl(name)));
  const { render: mount } = await widgets.get(name);
  return mount({ model, el, sources: SOURCES });
}

export default { render };
