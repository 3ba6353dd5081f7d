import { Zip, ZipDeflate, strToU8 } from 'fflate';
import type { Cell } from './csv.ts';

/**
 * A one-sheet XLSX workbook written as it is read: the zip (fflate's streaming Zip) is fed row by
 * row and its compressed bytes are handed on as they come, so memory holds one batch of rows, never
 * the sheet. Strings are inline (no shared-string table, which would need every string before the
 * sheet could be written).
 */
export async function* xlsxChunks(header: readonly string[], batches: AsyncIterable<readonly (readonly Cell[])[]>): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    while (out.length) yield out.shift()!;
  };
  const fixed = (name: string, text: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(strToU8(text), true);
  };
  fixed('[Content_Types].xml', CONTENT_TYPES);
  fixed('_rels/.rels', ROOT_RELS);
  fixed('xl/workbook.xml', WORKBOOK);
  fixed('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  fixed('xl/styles.xml', STYLES);
  yield* drain();

  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);
  let rowNumber = 1;
  sheet.push(strToU8(`${SHEET_START}<sheetData>${rowXml(rowNumber, header, 1)}`));
  for await (const batch of batches) {
    let xml = '';
    for (const cells of batch) xml += rowXml(++rowNumber, cells, 0);
    sheet.push(strToU8(xml));
    yield* drain();
  }
  sheet.push(strToU8('</sheetData></worksheet>'), true);
  zip.end();
  yield* drain();
}

/** Column letters of a 0-based index: 0 → A, 26 → AA. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

// XML 1.0 cannot carry most C0 controls even escaped; the list's text never should, but a stored
// value must not make the whole file unreadable.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const escapeXml = (text: string) => text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function rowXml(row: number, cells: readonly Cell[], style: number): string {
  let xml = `<row r="${row}">`;
  cells.forEach((cell, i) => {
    if (cell === null || cell === '') return;
    const ref = `${columnName(i)}${row}`;
    const s = style ? ` s="${style}"` : '';
    xml +=
      typeof cell === 'number' && Number.isFinite(cell)
        ? `<c r="${ref}"${s}><v>${cell}</v></c>`
        : `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(String(cell))}</t></is></c>`;
  });
  return `${xml}</row>`;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const CONTENT_TYPES = `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Export" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
// Style 1 is the bold header row; the header is frozen so it stays in view while scrolling.
const STYLES = `${XML}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="2"><xf/><xf fontId="1" applyFont="1"/></cellXfs></styleSheet>`;
const SHEET_START = `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>`;
