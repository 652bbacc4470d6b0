/**
 * A small XML 1.0 reader for the tests of XML output (JUnit): it throws unless the document is
 * well-formed, and returns the elements CI systems read. No DTD, comments, CDATA or processing
 * instructions other than the declaration (flinkslot writes none).
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own character data, references decoded. */
  text: string;
}

/** Throws unless `xml` is a well-formed XML 1.0 document (without DTD, comments, CDATA or PIs other than the declaration). */
export function parseXml(xml: string): XmlElement {
  const INVALID = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\uD800-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
  const bad = INVALID.exec(xml);
  if (bad) throw new Error(`character U+${bad[0].charCodeAt(0).toString(16)} is not allowed in XML 1.0 (at ${bad.index})`);
  const NAME = /[A-Za-z_:][A-Za-z0-9._:-]*/y;
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`not well-formed at ${i}: ${what}: ${JSON.stringify(xml.slice(i, i + 30))}`);
  };
  const space = (): void => {
    while (i < xml.length && ' \t\r\n'.includes(xml[i] as string)) i++;
  };
  const name = (): string => {
    NAME.lastIndex = i;
    const m = NAME.exec(xml);
    if (!m) return fail('name expected');
    i += m[0].length;
    return m[0];
  };
  const reference = (): string => {
    const m = /&(?:(amp|lt|gt|quot|apos)|#([0-9]+)|#x([0-9a-fA-F]+));/y;
    m.lastIndex = i;
    const r = m.exec(xml);
    if (!r) return fail('bad reference');
    i += r[0].length;
    if (r[1] !== undefined) return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[r[1]] as string;
    const ch = String.fromCodePoint(parseInt(r[2] ?? r[3] ?? '', r[2] !== undefined ? 10 : 16));
    if (INVALID.test(ch)) fail('reference to a character XML does not allow');
    return ch;
  };
  const element = (): XmlElement => {
    if (xml[i] !== '<') fail('< expected');
    i++;
    const el: XmlElement = { name: name(), attrs: {}, children: [], text: '' };
    for (;;) {
      const before = i;
      space();
      if (xml.startsWith('/>', i)) {
        i += 2;
        return el;
      }
      if (xml[i] === '>') {
        i++;
        break;
      }
      if (i === before) fail('space expected before an attribute');
      const key = name();
      if (key in el.attrs) fail(`duplicate attribute ${key}`);
      space();
      if (xml[i] !== '=') fail('= expected');
      i++;
      space();
      const quote = xml[i];
      if (quote !== '"' && quote !== "'") return fail('quoted value expected');
      i++;
      let value = '';
      while (xml[i] !== quote) {
        if (i >= xml.length) fail('unterminated attribute');
        if (xml[i] === '<') fail('< in an attribute value');
        if (xml[i] === '&') value += reference();
        else {
          // Attribute-value normalisation: a literal tab, CR or LF reads as a space.
          value += '\t\r\n'.includes(xml[i] as string) ? ' ' : xml[i];
          i++;
        }
      }
      i++;
      el.attrs[key] = value;
    }
    for (;;) {
      if (i >= xml.length) fail(`</${el.name}> expected`);
      if (xml.startsWith('</', i)) {
        i += 2;
        if (name() !== el.name) fail(`end tag does not match <${el.name}>`);
        space();
        if (xml[i] !== '>') fail('> expected');
        i++;
        return el;
      }
      if (xml.startsWith('<!', i) || xml.startsWith('<?', i)) fail('comments, CDATA and PIs are not expected here');
      if (xml[i] === '<') el.children.push(element());
      else if (xml[i] === '&') el.text += reference();
      else {
        if (xml.startsWith(']]>', i)) fail(']]> in character data');
        // Line-end normalisation: a literal CR (or CRLF) reads as LF.
        if (xml[i] === '\r') {
          el.text += '\n';
          i += xml[i + 1] === '\n' ? 2 : 1;
        } else el.text += xml[i++];
      }
    }
  };
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>/.exec(xml);
  if (declaration) i = declaration[0].length;
  space();
  const root = element();
  space();
  if (i !== xml.length) fail('content after the root element');
  return root;
}

export function children(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name);
}
